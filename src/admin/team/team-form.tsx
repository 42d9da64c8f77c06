import { useState } from 'react';
import { TEAM_ROLES, TeamMember, TeamMemberInput } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { DialogActions } from '../ui/dialog-actions.tsx';
import { fieldErrors, SelectField } from '../ui/field.tsx';
import { ImagePicker, useImageUpload, type ImageUpload } from '../ui/image-upload.tsx';
import { InputField } from '../ui/input-field.tsx';
import { Modal } from '../ui/modal.tsx';

interface Props {
  member: TeamMember | null;
  onClose: () => void;
  onSaved: (saved: TeamMember) => void;
}

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/** The form's state: the member's, or a new member's (active, arrived today in Kinshasa). */
const draftOf = (member: TeamMember | null) => ({
  name: member?.name ?? '',
  role: member?.role ?? '',
  phone: member?.phone ?? '',
  email: member?.email ?? '',
  photo: member?.photo ?? null,
  joinDate: member?.joinDate ?? today(),
  isActive: member?.isActive ?? true,
});
type Draft = ReturnType<typeof draftOf>;

/** The draft checked by the API's own contract, then saved: the member changed, or a new one added. */
function useMemberSave(member: TeamMember | null, onSaved: (saved: TeamMember) => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async (draft: Draft) => {
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
  return { errors, saving, save };
}

/** The member's photo (or their initial), its picker, and the upload's failure. */
function PhotoField({ draft, photo, onRemove }: { draft: Draft; photo: ImageUpload; onRemove: () => void }) {
  return (
    <>
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
          onRemove={onRemove}
        />
      </div>
      {photo.failed && (
        <p className="adm-alert adm-span-2" role="alert">
          Erreur lors du téléchargement de la photo
        </p>
      )}
    </>
  );
}

/** Spec §5 team form: name, role, phone and e-mail required; the photo is an uploaded image. */
export function TeamForm({ member, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState(() => draftOf(member));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const photo = useImageUpload((item) => set({ photo: item.thumbnail ?? item.url }));
  const { errors, saving, save } = useMemberSave(member, onSaved);

  return (
    <Modal
      open
      title={member ? 'Modifier le membre' : 'Ajouter un membre'}
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          label={saving ? 'Enregistrement…' : 'Enregistrer'}
          disabled={saving || photo.uploading}
          onConfirm={() => void save(draft)}
        />
      }
    >
      <div className="adm-form-grid">
        <PhotoField draft={draft} photo={photo} onRemove={() => set({ photo: null })} />
        <InputField
          label="Nom"
          required
          error={errors.name}
          value={draft.name}
          maxLength={120}
          onChange={(name) => set({ name })}
        />
        <SelectField
          label="Rôle"
          options={TEAM_ROLES}
          placeholder="Choisir un rôle"
          required
          error={errors.role}
          value={draft.role}
          onChange={(role) => set({ role })}
        />
        <InputField
          label="Téléphone"
          required
          error={errors.phone}
          type="tel"
          value={draft.phone}
          onChange={(phone) => set({ phone })}
        />
        <InputField
          label="Email"
          required
          error={errors.email}
          type="email"
          value={draft.email}
          onChange={(email) => set({ email })}
        />
        <InputField
          label="Date d’arrivée"
          error={errors.joinDate}
          type="date"
          value={draft.joinDate}
          onChange={(joinDate) => set({ joinDate })}
        />
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
