import { useEffect, useRef, useState } from 'react';
import type { Property } from '../../contract/index.ts';
import { $account } from '../lib/session.ts';
import { draftFrom, EMPTY_DRAFT, type PropertyDraft } from './draft.ts';
import { draftKey, dropDraft, readDraft, writeDraft } from './draft-store.ts';
import { useMediaUploads } from './use-media-uploads.ts';

/**
 * The listing being written, with its step and media, kept in the browser at each change (draft-store.ts,
 * decision 0047) until it is saved or discarded; a draft left earlier is taken up again (`resumed`).
 */
export function usePropertyDraft(property: Property | null, onClose: () => void) {
  // The listing as the agent left it: offered back until it is saved or discarded.
  const [key] = useState(() => draftKey($account.get()?.id ?? 0, property?.id ?? null));
  const [resumed] = useState(() => readDraft(localStorage, key));
  const [step, setStep] = useState<1 | 2>(resumed?.step ?? 1);
  const [draft, setDraft] = useState<PropertyDraft>(
    resumed?.details ?? (property ? draftFrom(property) : EMPTY_DRAFT),
  );
  const uploads = useMediaUploads(resumed?.media ?? property?.media ?? []);
  const pristine = useRef(JSON.stringify([draft, uploads.media.map((m) => m.item?.url)]));

  // Written at each change; a form opened and left untouched writes nothing.
  const stored = useRef(resumed !== null);
  /** Saved or discarded: the last renders before the form closes write nothing back. */
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    const now = JSON.stringify([draft, uploads.media.map((m) => m.item?.url)]);
    if (now === pristine.current && !stored.current) return;
    stored.current = true;
    const media = uploads.state();
    writeDraft(localStorage, key, { savedAt: new Date().toISOString(), step, details: draft, media });
  }, [draft, uploads, step, key]);

  return {
    resumed,
    step,
    setStep,
    draft,
    setDraft,
    uploads,
    /**
     * Closed (Annuler, ×, Escape, a phone's back gesture): a form with something written stays as a draft,
     * offered back on the listings page, so a slip of the thumb loses nothing; an untouched one is gone.
     */
    close: () => {
      if (!stored.current) uploads.close();
      onClose();
    },
    /** Discarded: what was uploaded here is deleted and the draft goes with it. */
    discard: () => {
      done.current = true;
      uploads.close();
      dropDraft(localStorage, key);
      onClose();
    },
    /** Saved: the draft goes, and the media the listing no longer uses are deleted. */
    saved: () => {
      done.current = true;
      dropDraft(localStorage, key);
      uploads.saved();
    },
  };
}

export type PropertyDraftState = ReturnType<typeof usePropertyDraft>;
