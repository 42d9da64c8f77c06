import { atom } from 'nanostores';

/** Spec §9, react-hot-toast's rules: at most 20 at once; 4 s for blank, error and custom, 2 s for success, loading until dismissed. */
export type ToastType = 'blank' | 'success' | 'error' | 'loading' | 'custom';
export const TOAST_LIMIT = 20;
export const TOAST_DURATIONS: Readonly<Record<ToastType, number>> = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
};

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

export const $toasts = atom<Toast[]>([]);
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let next = 1;

export function dismiss(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Shows a toast (newest first) and returns its id; the oldest beyond the limit are dropped. */
export function toast(message: string, type: ToastType = 'blank', duration = TOAST_DURATIONS[type]): number {
  const id = next++;
  const all = [{ id, type, message }, ...$toasts.get()];
  for (const dropped of all.slice(TOAST_LIMIT)) dismiss(dropped.id);
  $toasts.set(all.slice(0, TOAST_LIMIT));
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}

toast.success = (message: string) => toast(message, 'success');
toast.error = (message: string) => toast(message, 'error');
toast.loading = (message: string) => toast(message, 'loading');
