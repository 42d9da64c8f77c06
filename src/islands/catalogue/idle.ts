/**
 * Runs `task` when the browser is idle (or after a short delay where it cannot say, as Safari), one task per
 * call so that each stays short; answers a function that cancels it (an effect's clean-up).
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 50);
  return () => clearTimeout(id);
}

/**
 * How long one slice of background work may run. Lighthouse's simulated phone multiplies each task it
 * observed by 4 and counts what is beyond 50 ms as blocking: work cut into slices of a few milliseconds never
 * blocks, on this machine or on a slower one (decision 0046).
 */
export const SLICE_MS = 4;

/**
 * Calls `step` (a little work; it answers true when all is done) in idle moments, as often as fits in
 * SLICE_MS each time, until it is done; answers a function that stops it.
 */
export function inIdleSlices(step: () => boolean, sliceMs = SLICE_MS): () => void {
  let cancel = () => {};
  let stopped = false;
  const slice = () => {
    const end = performance.now() + sliceMs;
    while (!stopped) {
      if (step()) return;
      if (performance.now() >= end) break;
    }
    if (!stopped) cancel = whenIdle(slice);
  };
  cancel = whenIdle(slice);
  return () => {
    stopped = true;
    cancel();
  };
}
