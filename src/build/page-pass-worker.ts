// The page worker of the build (page-pass.ts): while Astro renders pages on one core, this thread takes
// each page as it is rendered (src/middleware.ts hands it over) and does on the other core what the build's
// last steps would otherwise do page by page once the rendering is over: the Brotli and gzip copies, the
// inline-script hashes of the CSP, and the lean part the content search indexes. Each result is kept under
// the hash of the page's bytes, so the last steps find it only for a file that holds exactly those bytes.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { brotliQuality, compressSync } from './compression.ts';
import { inlineScriptHashes } from './csp-hashes.ts';
import { leanSearchablePage } from './lean-html.ts';

export interface PagePassJob {
  /** Where the compressed copies are written, named by content hash and Brotli quality. */
  scratch: string;
}
/** A rendered page or endpoint: its address in the site, whether it is HTML, and its body. */
export interface PageMessage {
  path: string;
  html: boolean;
  body: Uint8Array;
}
/** What an HTML page holds for the manifest and the search index. */
export interface PageFacts {
  scripts: string[];
  lean: string | null;
}
/** Which compressed copies of a body exist in the scratch folder (false: not worth writing). */
export interface CopyFacts {
  br: boolean;
  gz: boolean;
}
export interface PagePassResult {
  pages: [hash: string, facts: PageFacts][];
  copies: [key: string, facts: CopyFacts][];
}

export const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The name of a body's compressed copies: its hash and the Brotli quality its path asks for. */
export const copyKey = (hash: string, name: string) => `${hash}-q${brotliQuality(name)}`;

if (parentPort) {
  const port = parentPort;
  const { scratch } = workerData as PagePassJob;
  mkdirSync(scratch, { recursive: true });
  const pages = new Map<string, PageFacts>();
  const copies = new Map<string, CopyFacts>();
  port.on('message', (message: PageMessage | 'finish') => {
    if (message === 'finish') {
      port.postMessage({ pages: [...pages], copies: [...copies] } satisfies PagePassResult);
      return;
    }
    const { body } = message;
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const hash = contentHash(bytes);
    if (message.html && !pages.has(hash)) {
      const text = bytes.toString('utf8');
      pages.set(hash, { scripts: inlineScriptHashes(text), lean: leanSearchablePage(text) });
    }
    const key = copyKey(hash, message.path);
    if (!copies.has(key)) {
      const { br, gz } = compressSync(bytes, message.path);
      if (br) writeFileSync(join(scratch, `${key}.br`), br);
      if (gz) writeFileSync(join(scratch, `${key}.gz`), gz);
      copies.set(key, { br: br !== null, gz: gz !== null });
    }
    // The build hands pages over only so far ahead of this thread (page-pass.ts): one more is done.
    port.postMessage('done');
  });
}
