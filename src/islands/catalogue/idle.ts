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
