import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import {
  ACCOUNT_ROLES,
  AccountInput,
  type AccountRole,
  AccountSummary,
  paginated,
} from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { formatDateTime } from '../lib/format.ts';
import { ROLE_LABELS } from '../lib/labels.ts';
import { $account } from '../lib/session.ts';
import { useResource } from '../lib/use-resource.ts';
import { Field, fieldErrors, SelectField, SubmitButton } from '../ui/field.tsx';
import { DeleteButton, RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { ResetPasswordDialog } from './reset-password.tsx';
import { Loading, LoadError } from '../ui/states.tsx';

const EMPTY = { name: '', email: '', password: '', role: 'agent' as AccountRole };

/** Staff accounts: admins create agents (properties and messages only) and other admins. */
export function Accounts() {
  const me = useStore($account);
  const list = useResource(
    () => answer(paginated(AccountSummary), api().get('accounts', { searchParams: { limit: 100 } })),
    'accounts',
  );
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const removal = useRemoval<AccountSummary>(() => list.reload());
  const [resetting, setResetting] = useState<AccountSummary | null>(null);

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
    list.reload();
  };

  return (
    <section className="adm-card" aria-labelledby="accounts-title">
      <h2 id="accounts-title">Comptes d’accès</h2>
      <p className="adm-muted">
        Un agent gère les propriétés, les messages et la publication ; seuls les administrateurs gèrent
        l’équipe, les comptes et consultent le journal.
      </p>
      {list.error ? (
        <LoadError message="Erreur lors du chargement des comptes" onRetry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <ul className="adm-accounts">
          {list.data.data.map((a) => (
            <li key={a.id}>
              <span>
                <strong>{a.name}</strong> · {a.email}
                <br />
                <small className="adm-meta">
                  {ROLE_LABELS[a.role]} ·{' '}
                  {a.lastLoginAt
                    ? `dernière connexion le ${formatDateTime(a.lastLoginAt)}`
                    : 'jamais connecté'}
                  {a.mustChangePassword && ' · mot de passe provisoire'}
                </small>
              </span>
              {a.id !== me?.id && (
                <span className="adm-item-actions">
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => setResetting(a)}
                    aria-label={`Réinitialiser le mot de passe de ${a.name}`}
                  >
                    Réinitialiser le mot de passe
                  </button>
                  <DeleteButton label={`Supprimer le compte de ${a.name}`} onClick={() => removal.ask(a)} />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="adm-form-grid" onSubmit={(e) => void create(e)} noValidate>
        <h3 className="adm-span-2">Nouveau compte</h3>
        <Field label="Nom" required error={errors.name}>
          {(c) => (
            <input {...c} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
          )}
        </Field>
        <Field label="Email" required error={errors.email}>
          {(c) => (
            <input
              {...c}
              type="email"
              autoComplete="off"
              value={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            />
          )}
        </Field>
        <Field
          label="Mot de passe provisoire"
          required
          error={errors.password}
          hint="Au moins 12 caractères ; à transmettre à la personne de vive voix."
        >
          {(c) => (
            <input
              {...c}
              type="text"
              autoComplete="new-password"
              value={draft.password}
              onChange={(e) => setDraft({ ...draft, password: e.target.value })}
            />
          )}
        </Field>
        <SelectField
          label="Rôle"
          options={ACCOUNT_ROLES}
          labelOf={(r) => ROLE_LABELS[r]}
          required
          error={errors.role}
          value={draft.role}
          onChange={(role) => setDraft({ ...draft, role })}
        />
        <div className="adm-span-2">
          <SubmitButton busy={saving} busyLabel="Création…" label="Créer le compte" />
        </div>
      </form>
      <ResetPasswordDialog
        target={resetting}
        onClose={() => {
          setResetting(null);
          list.reload();
        }}
      />
      <RemoveDialog
        {...removal.dialog}
        title="Supprimer le compte"
        describe={(a) => `Supprimer le compte de ${a.name} ? Ses sessions ouvertes seront fermées.`}
        path={(a) => `accounts/${a.id}`}
        success="Compte supprimé"
      />
    </section>
  );
}
