import type { Page } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { errorMessage } from './api.ts';
import { noteChange } from './changes.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false };

/**
 * Runs one change against the API. On success the shell's summaries refresh (badge, publish state) and the
 * optional success toast shows; on failure the server's message, or the fallback, is shown: staff must
 * know when something did not happen.
 */
export async function mutate<T>(
  action: () => Promise<T>,
  messages: { success?: string | ((value: T) => string); failure: string },
): Promise<Outcome<T>> {
  try {
    const value = await action();
    noteChange();
    const success = typeof messages.success === 'function' ? messages.success(value) : messages.success;
    if (success) toast.success(success);
    return { ok: true, value };
  } catch (error) {
    console.error(error);
    toast.error(errorMessage(error, messages.failure));
    return { ok: false };
  }
}

/** A page of a list with one item replaced by the server's newer copy. */
export const withItem =
  <T extends { id: number }>(saved: T) =>
  (page: Page<T> | undefined): Page<T> | undefined =>
    page && { ...page, data: page.data.map((item) => (item.id === saved.id ? saved : item)) };
