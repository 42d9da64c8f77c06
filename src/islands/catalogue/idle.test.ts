import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inIdleSlices } from './idle.ts';

describe('work in idle slices', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs a step as often as fits in a slice, then waits for the next idle moment', () => {
    let calls = 0;
    // Each step takes 1 ms: a slice of 4 ms runs four.
    inIdleSlices(() => {
      vi.advanceTimersByTime(1);
      return ++calls === 10;
    }, 4);
    expect(calls).toBe(0);
    vi.advanceTimersToNextTimer();
    expect(calls).toBe(4);
    vi.advanceTimersToNextTimer();
    expect(calls).toBe(8);
    vi.runAllTimers();
    expect(calls).toBe(10);
  });

  it('stops when asked, between slices', () => {
    let calls = 0;
    const stop = inIdleSlices(() => {
      vi.advanceTimersByTime(1);
      calls++;
      return false;
    }, 2);
    vi.advanceTimersToNextTimer();
    expect(calls).toBe(2);
    stop();
    vi.runAllTimers();
    expect(calls).toBe(2);
  });
});
