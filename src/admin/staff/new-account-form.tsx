import { useState, type FormEvent } from 'react';
import { ACCOUNT_ROLES, AccountInput, type AccountRole } from '../../contract/index.ts';
import { api } from '../lib/api.ts';
import { ROLE_LABELS } from '../lib/labels.ts';
import { mutate } from '../lib/mutate.ts';
import { fieldErrors, SelectField, SubmitButton } from '../ui/field.tsx';
import { InputField } from '../ui/input-field.tsx';

const EMPTY = { name: '', email: '', password: '', role: 'agent' as AccountRole };

/** "Nouveau compte": checked by the API's own contract before it is sent, emptied once the account exists. */
export function NewAccountForm({ onCreated }: { onCreated: () => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<typeof EMPTY>) => setDraft((d) => ({ ...d, ...patch }));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AccountInput.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    const outcome = await mutate(() => api().post('accounts', { json: parsed.data }), {
      success: `Compte créé pour ${parsed.data.name}`,
      failure: 'Le compte n’a pas pu être créé',
    });
    setSaving(false);
    if (!outcome.ok) return;
    setDraft(EMPTY);
    onCreated();
  };

  return (
    <form className="adm-form-grid" onSubmit={(e) => void create(e)} noValidate>
      <h3 className="adm-span-2">Nouveau compte</h3>
      <InputField
        label="Nom"
        required
        error={errors.name}
        value={draft.name}
        onChange={(name) => set({ name })}
      />
      <InputField
        label="Email"
        required
        error={errors.email}
        type="email"
        autoComplete="off"
        value={draft.email}
        onChange={(email) => set({ email })}
      />
      <InputField
        label="Mot de passe provisoire"
        required
        error={errors.password}
        hint="Au moins 12 caractères ; à transmettre à la personne de vive voix."
        type="text"
        autoComplete="new-password"
        value={draft.password}
        onChange={(password) => set({ password })}
      />
      <SelectField
        label="Rôle"
        options={ACCOUNT_ROLES}
        labelOf={(r) => ROLE_LABELS[r]}
        required
        error={errors.role}
        value={draft.role}
        onChange={(role) => set({ role })}
      />
      <div className="adm-span-2">
        <SubmitButton busy={saving} busyLabel="Création…" label="Créer le compte" />
      </div>
    </form>
  );
}
