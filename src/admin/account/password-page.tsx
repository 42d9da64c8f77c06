import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { ChangePasswordRequest } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, errorMessage } from '../lib/api.ts';
import { navigate, ROUTES } from '../lib/router.ts';
import { $account, clearSession } from '../lib/session.ts';
import { Brand } from '../ui/brand.tsx';
import { Field, fieldErrors } from '../ui/field.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

/**
 * "Changer mon mot de passe": from the layout, or on its own (`forced`) after a login with a temporary or
 * generated password, when the API opens nothing else until a new one is chosen.
 */
export function PasswordPage({ forced = false }: { forced?: boolean }) {
  const account = useStore($account);
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

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

  const leave = async () => {
    await api()
      .post('auth/logout')
      .catch((error: unknown) => console.error(error));
    clearSession();
    navigate(ROUTES.login, { replace: true });
  };

  const input = (key: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <Field label={label} required error={errors[key]} {...(hint ? { hint } : {})}>
      {(control) => (
        <input
          {...control}
          type="password"
          name={key}
          autoComplete={autoComplete}
          value={draft[key]}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
      )}
    </Field>
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
