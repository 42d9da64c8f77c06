import { Worker } from 'node:worker_threads';
import type { PageDone, PageJob, PageResult } from './page-worker.ts';

const WORKER = new URL('./page-worker.ts', import.meta.url);
/**
 * Pages handed over and not yet written, at most: beyond, rendering waits for the worker. On a busy machine
 * the worker can fall behind, and 30,000 pages queued would hold gigabytes.
 */
const MAX_QUEUED = 64;

/**
 * Page workers. Compressing and writing a page (page-worker.ts) takes longer than rendering it: with one
 * worker, the rendering thread waited for it two fifths of a whole build at 10,000 listings. Two share the
 * work with the rendering thread's idle time on a 2-core machine.
 */
const WORKERS = 2;

/**
 * Hands rendered pages to the page workers (page-worker.ts), which hash, compress and write them beside
 * the rendering. `write` answers once a worker has a free place (so the renderer can go on rendering), with
 * the page's own promise of being done. The workers stay for the next build of the process: starting them
 * (loading their modules) took a quarter of a second of every publish.
 */
export function pageWriter() {
  if (shared && !shared.broken()) return shared;
  shared = startWriter();
  return shared;
}
let shared: ReturnType<typeof startWriter> | null = null;

function startWriter() {
  const workers = Array.from({ length: WORKERS }, () => new Worker(WORKER));
  const pending = new Map<number, { done: (r: PageDone) => void; fail: (e: Error) => void }>();
  const waiting: (() => void)[] = [];
  let next = 0;
  let broken: Error | null = null;
  const fail = (error: Error) => {
    broken = error;
    for (const { fail: f } of pending.values()) f(error);
    pending.clear();
    for (const resume of waiting.splice(0)) resume();
  };
  for (const worker of workers) {
    // A build that fails half-way must still end: the workers never hold the process.
    worker.unref();
    worker.on('message', (result: PageResult) => {
      const entry = pending.get(result.id);
      pending.delete(result.id);
      if ('error' in result) entry?.fail(new Error(`writing a page failed: ${result.error}`));
      else entry?.done(result);
      waiting.shift()?.();
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`a page worker stopped (exit code ${code})`)));
  }

  return {
    async write(job: Omit<PageJob, 'id'>): Promise<{ done: Promise<PageDone> }> {
      if (broken) throw broken;
      if (pending.size >= MAX_QUEUED) await new Promise<void>((resume) => waiting.push(resume));
      if (broken) throw broken;
      const id = next++;
      const done = new Promise<PageDone>((resolve, reject) =>
        pending.set(id, { done: resolve, fail: reject }),
      );
      // The body's memory moves to the worker rather than being copied once more, when it is its own.
      const { buffer } = job.body;
      const own = buffer instanceof ArrayBuffer && job.body.byteLength === buffer.byteLength;
      workers[id % WORKERS]!.postMessage({ ...job, id } satisfies PageJob, own ? [buffer] : []);
      // Wrapped: an async function answering a promise would wait for it.
      return { done };
    },
    /** Whether a worker failed: the next build starts new ones. */
    broken: () => broken !== null,
    /** Stops the workers (their pages written or not). */
    close: async () => {
      broken ??= new Error('the page writer is closed');
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

export type PageWriter = ReturnType<typeof pageWriter>;
