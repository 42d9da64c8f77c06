import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eachLimited } from './s3.ts';

describe('eachLimited', () => {
  it('runs every item, never more than `width` at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      most = Math.max(most, ++running);
      await sleep(n % 3);
      running--;
      done.push(n);
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts nothing after a failure, and throws it once the running tasks have ended', async () => {
    const started: number[] = [];
    let ended = 0;
    const run = eachLimited([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      if (n === 2) throw new Error('refused');
      await sleep(5);
      ended++;
    });
    await expect(run).rejects.toThrow('refused');
    // 1 was running when 2 failed: it ended before the error was thrown, and 3 to 6 never started.
    expect(started).toEqual([1, 2]);
    expect(ended).toBe(1);
  });
});
