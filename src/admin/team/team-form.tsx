import { useState } from 'react';
import { TEAM_ROLES, TeamMember, TeamMemberInput } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { Field, fieldErrors, SelectField } from '../ui/field.tsx';
import { ImagePicker, useImageUpload } from '../ui/image-upload.tsx';
import { Modal } from '../ui/modal.tsx';

interface Props {
  member: TeamMember | null;
  onClose: () => void;
  onSaved: (saved: TeamMember) => void;
}

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/** Spec §5 team form: name, role, phone and e-mail required; the photo is an uploaded image. */
export function TeamForm({ member, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState({
    name: member?.name ?? '',
    role: member?.role ?? '',
    phone: member?.phone ?? '',
    email: member?.email ?? '',
    photo: member?.photo ?? null,
    joinDate: member?.joinDate ?? today(),
    isActive: member?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const photo = useImageUpload((item) => set({ photo: item.thumbnail ?? item.url }));

  const save = async () => {
    const parsed = TeamMemberInput.safeParse({ ...draft, role: draft.role || undefined });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    const outcome = await mutate(
      () =>
        member
          ? answer(TeamMember, api().put(`team/${member.id}`, { json: parsed.data }))
          : answer(TeamMember, api().post('team', { json: parsed.data })),
      member
        ? {
            success: 'Membre de l’équipe modifié avec succès',
            failure: 'Erreur lors de la modification du membre',
          }
        : {
            success: 'Membre de l’équipe enregistré avec succès',
            failure: 'Erreur lors de l’enregistrement du membre',
          },
    );
    setSaving(false);
    if (outcome.ok) onSaved(outcome.value);
  };

  return (
    <Modal
      open
      title={member ? 'Modifier le membre' : 'Ajouter un membre'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Annuler
          </button>
          <button
            type="button"
            className="btn btn-green"
            disabled={saving || photo.uploading}
            onClick={() => void save()}
          >
            {saving ? 'Enregistrement…' : 'Enregistrer'}
          </button>
        </>
      }
    >
      <div className="adm-form-grid">
        <div className="adm-photo-field adm-span-2">
          {draft.photo ? (
            <img src={draft.photo} alt="" width={72} height={72} />
          ) : (
            <span className="adm-avatar" aria-hidden="true">
              {draft.name.trim().charAt(0) || '?'}
            </span>
          )}
          <ImagePicker
            image={photo}
            present={Boolean(draft.photo)}
            labels={{ add: 'Ajouter une photo', change: 'Changer la photo', remove: 'Retirer la photo' }}
            onRemove={() => set({ photo: null })}
          />
        </div>
        {photo.failed && (
          <p className="adm-alert adm-span-2" role="alert">
            Erreur lors du téléchargement de la photo
          </p>
        )}
        <Field label="Nom" required error={errors.name}>
          {(c) => (
            <input
              {...c}
              value={draft.name}
              maxLength={120}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <SelectField
          label="Rôle"
          options={TEAM_ROLES}
          placeholder="Choisir un rôle"
          required
          error={errors.role}
          value={draft.role}
          onChange={(role) => set({ role })}
        />
        <Field label="Téléphone" required error={errors.phone}>
          {(c) => (
            <input {...c} type="tel" value={draft.phone} onChange={(e) => set({ phone: e.target.value })} />
          )}
        </Field>
        <Field label="Email" required error={errors.email}>
          {(c) => (
            <input {...c} type="email" value={draft.email} onChange={(e) => set({ email: e.target.value })} />
          )}
        </Field>
        <Field label="Date d’arrivée" error={errors.joinDate}>
          {(c) => (
            <input
              {...c}
              type="date"
              value={draft.joinDate}
              onChange={(e) => set({ joinDate: e.target.value })}
            />
          )}
        </Field>
        <label className="adm-check">
          <input
            type="checkbox"
            checked={draft.isActive}
            onChange={(e) => set({ isActive: e.target.checked })}
          />
          Actif
        </label>
      </div>
    </Modal>
  );
}
