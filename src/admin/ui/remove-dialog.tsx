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

/**
 * What a page keeps for its RemoveDialog: the item asked about (`ask`) and the dialog's props; a deletion
 * closes the dialog and reloads the list.
 */
export function useRemoval<T>(reload: () => void) {
  const [target, setTarget] = useState<T | null>(null);
  return {
    ask: setTarget,
    dialog: {
      target,
      onCancel: () => setTarget(null),
      onRemoved: () => {
        setTarget(null);
        reload();
      },
    },
  };
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

/** The red "Supprimer" of an item, named for screen readers by `label` ("Supprimer le compte de …"). */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn adm-btn-danger-outline" onClick={onClick} aria-label={label}>
      Supprimer
    </button>
  );
}
