/**
 * Runs tasks one at a time per key. Login attempts for one account or from one address are serialised so
 * that a burst of parallel guesses cannot all pass the failure count before any failure is recorded.
 */
export function keyedLock() {
  const tails = new Map<string, Promise<void>>();

  async function acquire(key: string): Promise<() => void> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    };
  }

  return async function run<T>(keys: string[], task: () => Promise<T>): Promise<T> {
    // Always lock in the same order so two tasks sharing keys cannot wait on each other.
    const releases: (() => void)[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await acquire(key));
      return await task();
    } finally {
      for (const release of releases.reverse()) release();
    }
  };
}
