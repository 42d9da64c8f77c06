import { Worker } from 'node:worker_threads';
import type { PageDone, PageJob, PageResult } from './page-worker.ts';

const WORKER = new URL('./page-worker.ts', import.meta.url);
/**
 * Pages handed over and not yet written, at most: beyond, rendering waits for the worker. On a busy machine
 * the worker can fall behind, and 30,000 pages queued would hold gigabytes.
 */
const MAX_QUEUED = 64;

/**
 * Hands rendered pages to the page worker (page-worker.ts), which hashes, compresses and writes them on the
 * core the rendering leaves. `write` answers once the worker has a free place (so the renderer can go on
 * rendering), with the page's own promise of being done.
 */
export function pageWriter() {
  const worker = new Worker(WORKER);
  // A build that fails half-way must still end: the worker never holds the process.
  worker.unref();
  const pending = new Map<number, { done: (r: PageDone) => void; fail: (e: Error) => void }>();
  const waiting: (() => void)[] = [];
  let next = 0;
  let broken: Error | null = null;
  worker.on('message', (result: PageResult) => {
    const entry = pending.get(result.id);
    pending.delete(result.id);
    if ('error' in result) entry?.fail(new Error(`writing a page failed: ${result.error}`));
    else entry?.done(result);
    waiting.shift()?.();
  });
  const fail = (error: Error) => {
    broken = error;
    for (const { fail: f } of pending.values()) f(error);
    pending.clear();
    for (const resume of waiting.splice(0)) resume();
  };
  worker.once('error', fail);
  worker.once('exit', (code) => fail(new Error(`the page worker stopped (exit code ${code})`)));

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
      worker.postMessage({ ...job, id } satisfies PageJob, own ? [buffer] : []);
      // Wrapped: an async function answering a promise would wait for it.
      return { done };
    },
    /** Stops the worker (its pages written or not). */
    close: () => worker.terminate().then(() => {}),
  };
}

export type PageWriter = ReturnType<typeof pageWriter>;
