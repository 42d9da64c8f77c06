import { useEffect, useRef, useState } from 'react';
import { paginated, Property, TeamMember } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, answer } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { $account } from '../lib/session.ts';
import { fieldErrors } from '../ui/field.tsx';
import { Modal } from '../ui/modal.tsx';
import { DetailsStep } from './details-step.tsx';
import {
  detailsFilled,
  draftFrom,
  EMPTY_DRAFT,
  fieldStep,
  formField,
  toInput,
  type PropertyDraft,
} from './draft.ts';
import { draftKey, dropDraft, readDraft, writeDraft } from './draft-store.ts';
import { MediaStep } from './media-step.tsx';
import { useMediaUploads } from './use-media-uploads.ts';
import { VerificationBox } from './verification.tsx';

interface Props {
  /** The listing being edited, or null to add one. */
  property: Property | null;
  onClose: () => void;
  onSaved: (saved: Property) => void;
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

export function PropertyForm({ property, onClose, onSaved }: Props) {
  // The listing as the agent left it: offered back until it is saved or discarded.
  const [key] = useState(() => draftKey($account.get()?.id ?? 0, property?.id ?? null));
  const [resumed] = useState(() => readDraft(localStorage, key));
  const [step, setStep] = useState<1 | 2>(resumed?.step ?? 1);
  const [draft, setDraft] = useState<PropertyDraft>(
    resumed?.details ?? (property ? draftFrom(property) : EMPTY_DRAFT),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [agents, setAgents] = useState<TeamMember[]>([]);
  const uploads = useMediaUploads(resumed?.media ?? property?.media ?? []);
  const [saving, setSaving] = useState(false);
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

  useEffect(() => {
    answer(paginated(TeamMember), api().get('team', { searchParams: { limit: 100 } }))
      .then((page) => setAgents(page.data))
      .catch((error: unknown) => console.error(error));
  }, []);

  /**
   * Closed (Annuler, ×, Escape, a phone's back gesture): a form with something written stays as a draft,
   * offered back on the listings page, so a slip of the thumb loses nothing; an untouched one is gone.
   */
  const close = () => {
    if (!stored.current) uploads.close();
    onClose();
  };
  /** Discarded: what was uploaded here is deleted and the draft goes with it. */
  const discard = () => {
    done.current = true;
    uploads.close();
    dropDraft(localStorage, key);
    onClose();
  };

  const save = async () => {
    if (uploads.uploading) {
      toast.error('Attendez la fin des téléversements.');
      return;
    }
    if (uploads.failed) {
      toast.error('Réessayez ou retirez les fichiers dont l’envoi a échoué.');
      return;
    }
    const parsed = toInput(
      draft,
      uploads.media.flatMap((m) => (m.item ? [m.item] : [])),
    );
    if (!parsed.success) {
      const found = fieldErrors(
        parsed.error.issues.map((i) => ({ ...i, path: [formField(String(i.path[0] ?? ''))] })),
      );
      setErrors(found);
      setStep(fieldStep(Object.keys(found)[0] ?? ''));
      return;
    }
    setSaving(true);
    const outcome = await mutate(
      () =>
        property
          ? answer(Property, api().put(`properties/${property.id}`, { json: parsed.data }))
          : answer(Property, api().post('properties', { json: parsed.data })),
      {
        success: property ? 'Propriété modifiée avec succès' : 'Propriété enregistrée avec succès',
        failure: 'Erreur lors de l’enregistrement de la propriété',
      },
    );
    setSaving(false);
    if (!outcome.ok) return;
    done.current = true;
    dropDraft(localStorage, key);
    uploads.saved();
    onSaved(outcome.value);
  };

  const canGoOn = detailsFilled(draft);
  return (
    <Modal
      open
      wide
      title={`${property ? 'Modifier la propriété' : 'Ajouter une propriété'} · étape ${step} sur 2`}
      onClose={close}
      footer={
        step === 1 ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={close}>
              Annuler
            </button>
            <button type="button" className="btn btn-green" disabled={!canGoOn} onClick={() => setStep(2)}>
              Suivant
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setStep(1)}>
              Retour
            </button>
            <button type="button" className="btn btn-green" disabled={saving} onClick={() => void save()}>
              {saving ? 'Enregistrement…' : 'Enregistrer'}
            </button>
          </>
        )
      }
    >
      {resumed && (
        <p className="adm-draft-note" role="status">
          Brouillon du {dateTime.format(new Date(resumed.savedAt))} repris.{' '}
          <button type="button" className="adm-link-btn" onClick={discard}>
            Abandonner le brouillon
          </button>
        </p>
      )}
      <ol className="adm-steps" aria-label="Étapes">
        <li aria-current={step === 1 ? 'step' : undefined}>1. Détails</li>
        <li aria-current={step === 2 ? 'step' : undefined}>2. Médias</li>
      </ol>
      {step === 1 ? (
        <>
          {property && <VerificationBox property={property} />}
          <DetailsStep
            draft={draft}
            errors={errors}
            agents={agents}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          />
          {!canGoOn && (
            <p className="adm-hint">
              Titre, prix, surface, adresse, commune et description sont nécessaires pour continuer.
            </p>
          )}
        </>
      ) : (
        <MediaStep
          media={uploads.media}
          onFiles={(files) => files.forEach((f) => void uploads.upload(f))}
          onRemove={uploads.remove}
          onFirst={uploads.first}
          onRetry={uploads.retry}
          onResume={uploads.resume}
        />
      )}
      {errors.media && <p className="adm-alert">{errors.media}</p>}
    </Modal>
  );
}
