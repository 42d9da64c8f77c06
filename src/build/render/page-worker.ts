// The page worker of the site renderer (page-writer.ts): while the renderer renders the next page on one
// core, this thread takes each rendered page and does on the other core what is left of it: its hash, its
// Brotli and gzip copies, the inline-script hashes of the CSP and the lean part the content search indexes,
// and it writes the page and its copies. Plain Node TypeScript, run as it is.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { compressSync } from '../compression.ts';
import { inlineScriptHashes } from '../csp-hashes.ts';
import { leanSearchablePage } from '../lean-html.ts';

export interface PageJob {
  id: number;
  /** Where the page goes (its copies beside it). */
  target: string;
  /** Its path in the site: which Brotli quality it gets (compression.ts). */
  name: string;
  html: boolean;
  body: Uint8Array;
  /** The hash of the page's bytes in the build it replaces: the same bytes are not written again. */
  previous?: string;
}

export interface PageDone {
  id: number;
  hash: string;
  /** The bytes are the previous build's: nothing was written. */
  same: boolean;
  br: boolean;
  gz: boolean;
  scripts?: string[];
  /** The lean searchable part of an HTML page ('' when it is not searchable). */
  lean?: string;
}

export type PageResult = PageDone | { id: number; error: string };

export const bytesHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url');

/** Folders this thread made already: one mkdir a folder, not one a page (30,000 at 10,000 listings). */
const made = new Set<string>();

export function processPage(job: PageJob): PageDone {
  const bytes = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength);
  const hash = bytesHash(bytes);
  const facts: Pick<PageDone, 'scripts' | 'lean'> = {};
  if (job.html) {
    const text = bytes.toString('utf8');
    facts.scripts = inlineScriptHashes(text);
    facts.lean = leanSearchablePage(text) ?? '';
  }
  if (job.previous === hash) return { id: job.id, hash, same: true, br: false, gz: false, ...facts };
  const { br, gz } = compressSync(bytes, job.name);
  const folder = dirname(job.target);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    // The thread lives for many builds, each in folders of its own: the set is emptied now and then.
    if (made.size > 100_000) made.clear();
    made.add(folder);
  }
  writeFileSync(job.target, bytes);
  if (br) writeFileSync(`${job.target}.br`, br);
  if (gz) writeFileSync(`${job.target}.gz`, gz);
  return { id: job.id, hash, same: false, br: br !== null, gz: gz !== null, ...facts };
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (job: PageJob) => {
    try {
      port.postMessage(processPage(job) satisfies PageResult);
    } catch (error) {
      port.postMessage({ id: job.id, error: (error as Error).message } satisfies PageResult);
    }
  });
}
