import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismiss, toast, TOAST_LIMIT } from './toasts.ts';

describe('toasts (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of $toasts.get()) dismiss(t.id);
    vi.useRealTimers();
  });

  it('keeps success 2 s, blank and error 4 s, loading until dismissed', () => {
    toast.success('ok');
    toast('info');
    toast.error('ko');
    const loading = toast.loading('…');
    vi.advanceTimersByTime(1999);
    expect($toasts.get()).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((t) => t.message)).toEqual(['…', 'ko', 'info']);
    vi.advanceTimersByTime(2000);
    expect($toasts.get().map((t) => t.message)).toEqual(['…']);
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    dismiss(loading);
    expect($toasts.get()).toHaveLength(0);
  });

  it('shows at most 20, newest first', () => {
    for (let i = 0; i < 25; i++) toast(`n${i}`);
    expect($toasts.get()).toHaveLength(TOAST_LIMIT);
    expect($toasts.get()[0]?.message).toBe('n24');
    expect($toasts.get().at(-1)?.message).toBe('n5');
  });
});
