import { useState } from 'react';
import { Property } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, answer, errorMessage } from '../lib/api.ts';
import { $account } from '../lib/session.ts';
import { dropDraft, listDrafts } from './draft-store.ts';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/**
 * The listings left unsaved in this browser: after a reload, a crash, a lost session or a form
 * closed by a slip of the thumb, each is offered back until it is saved or discarded.
 */
export function DraftsBanner({ onResume }: { onResume: (property: Property | 'new') => void }) {
  const [, refresh] = useState(0);
  const account = $account.get();
  if (!account) return null;
  const drafts = listDrafts(localStorage, account.id);
  if (drafts.length === 0) return null;

  const resume = async (propertyId: number | null) => {
    if (propertyId === null) return onResume('new');
    try {
      onResume(await answer(Property, api().get(`properties/${propertyId}`)));
    } catch (error) {
      toast.error(errorMessage(error, 'Impossible d’ouvrir la propriété de ce brouillon'));
    }
  };
  /** Its uploaded files are deleted with it: nothing else uses them. */
  const discard = (key: string, uploaded: string[]) => {
    for (const id of uploaded)
      void api()
        .delete(`media/${id}`)
        .catch((error: unknown) => console.error(error));
    dropDraft(localStorage, key);
    refresh((n) => n + 1);
  };

  return (
    <section className="adm-drafts" aria-label="Brouillons">
      {drafts.map(({ key, propertyId, savedAt, draft }) => (
        <div key={key} className="adm-draft" role="status">
          <p>
            <strong>Brouillon non enregistré</strong> :{' '}
            {draft.details.title.trim() || (propertyId === null ? 'nouvelle propriété' : 'modification')} ·{' '}
            {dateTime.format(new Date(savedAt))}
          </p>
          <div className="adm-draft-actions">
            <button type="button" className="btn btn-green" onClick={() => void resume(propertyId)}>
              Reprendre le brouillon
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => discard(key, draft.media.uploaded)}
            >
              Abandonner
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
