import { useState } from 'react';
import { Property } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, answer } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { DialogActions } from '../ui/dialog-actions.tsx';
import { fieldErrors } from '../ui/field.tsx';
import { Modal } from '../ui/modal.tsx';
import { DetailsStep } from './details-step.tsx';
import { detailsFilled, fieldStep, formField, toInput } from './draft.ts';
import { useTeamMembers } from '../lib/use-team-members.ts';
import { MediaStep } from './media-step.tsx';
import { usePropertyDraft, type PropertyDraftState } from './use-property-draft.ts';
import { VerificationBox } from './verification.tsx';

interface Props {
  /** The listing being edited, or null to add one. */
  property: Property | null;
  onClose: () => void;
  onSaved: (saved: Property) => void;
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

export function PropertyForm({ property, onClose, onSaved }: Props) {
  const form = usePropertyDraft(property, onClose);
  const { errors, saving, save } = useSave(property, form, onSaved);
  const agents = useTeamMembers();
  const { step, setStep, draft, uploads } = form;
  const canGoOn = detailsFilled(draft);
  return (
    <Modal
      open
      wide
      title={`${property ? 'Modifier la propriété' : 'Ajouter une propriété'} · étape ${step} sur 2`}
      onClose={form.close}
      footer={
        step === 1 ? (
          <DialogActions
            onCancel={form.close}
            label="Suivant"
            disabled={!canGoOn}
            onConfirm={() => setStep(2)}
          />
        ) : (
          <DialogActions
            cancel="Retour"
            onCancel={() => setStep(1)}
            label={saving ? 'Enregistrement…' : 'Enregistrer'}
            disabled={saving}
            onConfirm={() => void save()}
          />
        )
      }
    >
      {form.resumed && (
        <p className="adm-draft-note" role="status">
          Brouillon du {dateTime.format(new Date(form.resumed.savedAt))} repris.{' '}
          <button type="button" className="adm-link-btn" onClick={form.discard}>
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
            onChange={(patch) => form.setDraft((d) => ({ ...d, ...patch }))}
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

/**
 * Saving: it waits for every upload and refuses a failed one (a listing only carries media the server
 * answered for, decision 0047); a field refused shows its message, on the step that holds it.
 */
function useSave(property: Property | null, form: PropertyDraftState, onSaved: (saved: Property) => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { uploads } = form;
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
      form.draft,
      uploads.media.flatMap((m) => (m.item ? [m.item] : [])),
    );
    if (!parsed.success) {
      const found = fieldErrors(
        parsed.error.issues.map((i) => ({ ...i, path: [formField(String(i.path[0] ?? ''))] })),
      );
      setErrors(found);
      form.setStep(fieldStep(Object.keys(found)[0] ?? ''));
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
    form.saved();
    onSaved(outcome.value);
  };
  return { errors, saving, save };
}
