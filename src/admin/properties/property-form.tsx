import { useEffect, useRef, useState } from 'react';
import { paginated, Property, TeamMember } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, errorMessage, answer } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { uploadMedia } from '../lib/upload.ts';
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
import { MediaStep, type FormMedia } from './media-step.tsx';
import { VerificationBox } from './verification.tsx';

interface Props {
  /** The listing being edited, or null to add one. */
  property: Property | null;
  onClose: () => void;
  onSaved: (saved: Property) => void;
}

let uploadCount = 0;

export function PropertyForm({ property, onClose, onSaved }: Props) {
  const [step, setStep] = useState<1 | 2>(1);
  const [draft, setDraft] = useState<PropertyDraft>(property ? draftFrom(property) : EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [agents, setAgents] = useState<TeamMember[]>([]);
  const [media, setMedia] = useState<FormMedia[]>(
    () =>
      property?.media.map((item, i) => ({
        key: `saved-${i}`,
        item,
        uploading: false,
        name: item.title ?? item.type,
      })) ?? [],
  );
  const [saving, setSaving] = useState(false);
  const mediaRef = useRef(media);
  mediaRef.current = media;
  /** Files uploaded while this form is open: deleted again if the form is left without saving. */
  const uploaded = useRef(new Set<string>());
  /** Items of the saved listing that staff removed: deleted only once the listing no longer uses them. */
  const removedOriginals = useRef<string[]>([]);

  useEffect(() => {
    answer(paginated(TeamMember), api().get('team', { searchParams: { limit: 100 } }))
      .then((page) => setAgents(page.data))
      .catch((error: unknown) => console.error(error));
  }, []);

  const deleteMedia = (id: string) =>
    api()
      .delete(`media/${id}`)
      .catch((error: unknown) => console.error(error));

  const upload = async (file: File) => {
    const key = `new-${++uploadCount}`;
    const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
    setMedia((list) => [
      ...list,
      { key, item: null, uploading: true, name: file.name, ...(preview ? { preview } : {}) },
    ]);
    try {
      const item = await uploadMedia(file);
      uploaded.current.add(item.id);
      if (!mediaRef.current.some((m) => m.key === key)) {
        void deleteMedia(item.id); // removed while it was uploading
        return;
      }
      setMedia((list) =>
        list.map((m) => (m.key === key ? { key, item, uploading: false, name: file.name } : m)),
      );
    } catch (error) {
      // Spec §4: a failed upload disappears from the list.
      console.error(error);
      setMedia((list) => list.filter((m) => m.key !== key));
      toast.error(`${file.name} : ${errorMessage(error, 'échec du téléversement')}`);
    } finally {
      if (preview) URL.revokeObjectURL(preview);
    }
  };

  const remove = (key: string) => {
    const target = media.find((m) => m.key === key);
    setMedia((list) => list.filter((m) => m.key !== key));
    const id = target?.item?.id;
    if (!id) return;
    if (uploaded.current.has(id)) {
      uploaded.current.delete(id);
      void deleteMedia(id);
    } else {
      // Deleting it now would break the public page if the edit is then cancelled.
      removedOriginals.current.push(id);
    }
  };

  const close = () => {
    for (const id of uploaded.current) void deleteMedia(id);
    onClose();
  };

  const save = async () => {
    if (media.some((m) => m.uploading)) {
      toast.error('Attendez la fin des téléversements.');
      return;
    }
    const parsed = toInput(
      draft,
      media.flatMap((m) => (m.item ? [m.item] : [])),
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
    uploaded.current.clear();
    for (const id of removedOriginals.current) void deleteMedia(id);
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
          media={media}
          onFiles={(files) => files.forEach((f) => void upload(f))}
          onRemove={remove}
          onFirst={(key) =>
            setMedia((list) => [...list.filter((m) => m.key === key), ...list.filter((m) => m.key !== key)])
          }
        />
      )}
      {errors.media && <p className="adm-alert">{errors.media}</p>}
    </Modal>
  );
}
