import { readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { setPagePassPort } from './page-pass-port.ts';
import {
  contentHash,
  copyKey,
  type CopyFacts,
  type PageFacts,
  type PageMessage,
  type PagePassJob,
  type PagePassResult,
} from './page-pass-worker.ts';
import { linkOrCopy } from './walk.ts';

/**
 * The page pass (decision 0042): Astro renders the pages on one core, one after another; the build's last
 * steps then read every page again, each for itself — the manifest's script hashes, the search index's lean
 * parts, the compressed copies — while the other core had idled through the rendering. At 10,000 listings
 * those steps took two minutes after a rendering of three. Now each page goes, as soon as it is rendered, to a
 * worker thread that does that work beside the rendering (page-pass-worker.ts); the last steps ask here for a
 * file's results, found by the hash of its bytes: a file no page message matched (written by an integration,
 * reused from the build online) is worked out as before, so a result can be missing but never wrong.
 */

const WORKER = new URL('./page-pass-worker.ts', import.meta.url);
/**
 * Pages handed over and not yet done, at most: beyond, the rendering waits for the worker. On a busy
 * machine the worker can fall behind, and 30,000 pages queued would hold gigabytes.
 */
const MAX_QUEUED = 64;

let scratch: string | null = null;
let worker: Worker | null = null;
interface Results {
  pages: Map<string, PageFacts>;
  copies: Map<string, CopyFacts>;
}
let finished: Promise<Results> | null = null;

const empty = (): Results => ({ pages: new Map(), copies: new Map() });

/** The worker's results, once every page it was given is done (the pass ends: the worker stops). */
function results(): Promise<Results> {
  finished ??= new Promise<Results>((done) => {
    const w = worker;
    setPagePassPort(undefined);
    if (!w) return done(empty());
    const results = (r: PagePassResult | 'done') => {
      if (r === 'done') return;
      w.off('message', results);
      done({ pages: new Map(r.pages), copies: new Map(r.copies) });
    };
    w.on('message', results);
    w.once('error', () => done(empty()));
    w.once('exit', () => done(empty()));
    w.postMessage('finish');
  }).finally(() => void worker?.terminate());
  return finished;
}

const hashes = new Map<string, { size: number; mtimeMs: number; hash: string }>();
/** The hash of a built file's bytes, read once while its size and time stay the same. */
async function hashOf(file: string): Promise<string> {
  const { size, mtimeMs } = await stat(file);
  const known = hashes.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.hash;
  const hash = contentHash(await readFile(file));
  hashes.set(file, { size, mtimeMs, hash });
  return hash;
}

/** An HTML file's script hashes and lean searchable part, if the worker saw these bytes rendered. */
export async function pageFacts(file: string): Promise<PageFacts | undefined> {
  const { pages } = await results();
  return pages.size ? pages.get(await hashOf(file)) : undefined;
}

const placed = new Map<string, Promise<string>>();
/**
 * Puts the worker's compressed copies of `file` beside it; false when it has none for these bytes. A copy
 * is moved out of the scratch folder for its first file and linked from there for any other file with the
 * same bytes (several are placed at once: the first takes the name before it moves).
 */
export async function placeCopies(file: string): Promise<boolean> {
  const { copies } = await results();
  const dir = scratch;
  if (!copies.size || !dir) return false;
  const key = copyKey(await hashOf(file), file);
  const facts = copies.get(key);
  if (!facts) return false;
  for (const ext of ['br', 'gz'] as const) {
    if (!facts[ext]) continue;
    const from = `${key}.${ext}`;
    const target = `${file}.${ext}`;
    const first = placed.get(from);
    if (first) await linkOrCopy(await first, target);
    else {
      const moved = rename(join(dir, from), target).then(() => target);
      placed.set(from, moved);
      await moved;
    }
  }
  return true;
}

/** Removes the scratch folder; the build's last step calls it. */
export async function endPagePass(): Promise<void> {
  await results();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  hashes.clear();
  placed.clear();
}

/** Starts the worker with the build; the site's middleware (src/middleware.ts) feeds it every page. */
export function pagePass(): AstroIntegration {
  let outDir = '';
  return {
    name: 'ndako-page-pass',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': async ({ logger }) => {
        // Beside the output, on its file system: the copies are moved into the site, not copied.
        scratch = `${resolve(outDir)}.pages`;
        finished = null;
        await rm(scratch, { recursive: true, force: true });
        worker = new Worker(WORKER, { workerData: { scratch } satisfies PagePassJob });
        // A build that fails half-way must still end: the worker never holds the process.
        worker.unref();
        worker.on('error', (error) => logger.warn(`page worker stopped: ${error.message}`));
        let queued = 0;
        const waiting: (() => void)[] = [];
        worker.on('message', (message: PagePassResult | 'done') => {
          if (message !== 'done' || --queued >= MAX_QUEUED) return;
          for (const resume of waiting.splice(0)) resume();
        });
        setPagePassPort({
          page: (message: PageMessage) => {
            // The body's memory moves to the worker rather than being copied once more (the middleware
            // hands over a copy of its own); a view of shared memory (Node's Buffer pool) is copied.
            const { buffer } = message.body;
            const own = buffer instanceof ArrayBuffer && message.body.byteLength === buffer.byteLength;
            worker?.postMessage(message, own ? [buffer] : []);
            if (++queued < MAX_QUEUED) return;
            return new Promise<void>((resume) => waiting.push(resume));
          },
        });
      },
    },
  };
}
