import { useEffect, useState } from 'react';
import { paginated, Property, TeamMember } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, answer } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
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
import { MediaStep } from './media-step.tsx';
import { useMediaUploads } from './use-media-uploads.ts';
import { VerificationBox } from './verification.tsx';

interface Props {
  /** The listing being edited, or null to add one. */
  property: Property | null;
  onClose: () => void;
  onSaved: (saved: Property) => void;
}

export function PropertyForm({ property, onClose, onSaved }: Props) {
  const [step, setStep] = useState<1 | 2>(1);
  const [draft, setDraft] = useState<PropertyDraft>(property ? draftFrom(property) : EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [agents, setAgents] = useState<TeamMember[]>([]);
  const uploads = useMediaUploads(property?.media ?? []);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    answer(paginated(TeamMember), api().get('team', { searchParams: { limit: 100 } }))
      .then((page) => setAgents(page.data))
      .catch((error: unknown) => console.error(error));
  }, []);

  const close = () => {
    uploads.close();
    onClose();
  };

  const save = async () => {
    if (uploads.uploading) {
      toast.error('Attendez la fin des téléversements.');
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
        />
      )}
      {errors.media && <p className="adm-alert">{errors.media}</p>}
    </Modal>
  );
}
