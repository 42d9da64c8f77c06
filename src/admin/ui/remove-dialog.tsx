import { useState } from 'react';
import { api } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { Confirm } from './modal.tsx';

interface Props<T> {
  /** What is about to be deleted; null keeps the dialog closed. */
  target: T | null;
  title: string;
  describe: (target: T) => string;
  /** The API path of the DELETE call. */
  path: (target: T) => string;
  success: string;
  onCancel: () => void;
  onRemoved: () => void;
}

/** Delete with confirmation (spec §2): one dialog for listings, members, messages and accounts. */
export function RemoveDialog<T>({ target, title, describe, path, success, onCancel, onRemoved }: Props<T>) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    const outcome = await mutate(() => api().delete(path(target)), {
      success,
      failure: 'La suppression a échoué',
    });
    setBusy(false);
    if (outcome.ok) onRemoved();
  };
  return (
    <Confirm
      open={target !== null}
      title={title}
      message={target ? describe(target) : ''}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}
