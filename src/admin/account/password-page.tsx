import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { ChangePasswordRequest } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, errorMessage } from '../lib/api.ts';
import { navigate, ROUTES } from '../lib/router.ts';
import { $account, clearSession } from '../lib/session.ts';
import { Brand } from '../ui/brand.tsx';
import { fieldErrors } from '../ui/field.tsx';
import { InputField } from '../ui/input-field.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

/**
 * The change checked (the contract's policy, the confirmation typed twice), then sent; a forced change opens
 * the dashboard once done.
 */
function usePasswordChange(forced: boolean) {
  const account = useStore($account);
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangePasswordRequest.safeParse(draft);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (draft.confirm !== draft.newPassword) found.confirm = 'Les deux mots de passe ne sont pas identiques';
    setErrors(found);
    if (!parsed.success || found.confirm) return;
    setSaving(true);
    setFailure(null);
    try {
      await api().post('auth/change-password', { json: parsed.data });
      toast.success('Mot de passe changé. Vos autres sessions ont été fermées.');
      setDraft(EMPTY);
      if (account) $account.set({ ...account, mustChangePassword: false });
      if (forced) navigate(ROUTES.dashboard, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Le mot de passe n’a pas pu être changé'));
    } finally {
      setSaving(false);
    }
  };
  return { draft, set, errors, failure, saving, submit };
}

/** "Se déconnecter" from the forced change: the session ends on the server, then here. */
async function leave() {
  await api()
    .post('auth/logout')
    .catch((error: unknown) => console.error(error));
  clearSession();
  navigate(ROUTES.login, { replace: true });
}

/**
 * "Changer mon mot de passe": from the layout, or on its own (`forced`) after a login with a temporary or
 * generated password, when the API opens nothing else until a new one is chosen.
 */
export function PasswordPage({ forced = false }: { forced?: boolean }) {
  const { draft, set, errors, failure, saving, submit } = usePasswordChange(forced);
  const input = (key: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <InputField
      label={label}
      required
      error={errors[key]}
      hint={hint}
      type="password"
      name={key}
      autoComplete={autoComplete}
      value={draft[key]}
      onChange={set(key)}
    />
  );

  const form = (
    <form
      className={`adm-card${forced ? ' adm-login-card' : ''}`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      {forced && <Brand dark />}
      <h1>{forced ? 'Choisissez votre mot de passe' : 'Changer mon mot de passe'}</h1>
      <p className="adm-muted">
        {forced
          ? 'Le mot de passe utilisé pour cette connexion était provisoire. Choisissez le vôtre pour continuer.'
          : 'Vos autres sessions ouvertes seront fermées ; celle-ci reste ouverte.'}
      </p>
      {failure && (
        <p className="adm-alert" role="alert">
          {failure}
        </p>
      )}
      {input(
        'currentPassword',
        forced ? 'Mot de passe provisoire' : 'Mot de passe actuel',
        'current-password',
      )}
      {input('newPassword', 'Nouveau mot de passe', 'new-password', 'Au moins 12 caractères.')}
      {input('confirm', 'Confirmer le nouveau mot de passe', 'new-password')}
      <button type="submit" className="btn btn-primary adm-block" disabled={saving}>
        {saving ? 'Enregistrement…' : 'Changer le mot de passe'}
      </button>
      {forced && (
        <button type="button" className="btn btn-outline adm-block" onClick={() => void leave()}>
          Se déconnecter
        </button>
      )}
    </form>
  );
  return forced ? <main className="adm-login">{form}</main> : form;
}
