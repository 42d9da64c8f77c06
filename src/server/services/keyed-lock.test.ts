import { describe, expect, it } from 'vitest';
import { keyedLock } from './keyed-lock.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('keyedLock', () => {
  it('runs tasks sharing a key one at a time, others in parallel', async () => {
    const run = keyedLock();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name}+`);
      await tick();
      log.push(`${name}-`);
    };
    await Promise.all([run(['a'], task('1')), run(['a', 'b'], task('2')), run(['c'], task('3'))]);
    expect(log.indexOf('1-')).toBeLessThan(log.indexOf('2+'));
    expect(log.indexOf('3+')).toBeLessThan(log.indexOf('1-'));
  });

  it('releases the key when a task fails', async () => {
    const run = keyedLock();
    await expect(run(['k'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(run(['k'], async () => 42)).resolves.toBe(42);
  });
});
