import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { AccountSummary, paginated } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { ROLE_LABELS } from '../lib/labels.ts';
import { $account } from '../lib/session.ts';
import { useResource } from '../lib/use-resource.ts';
import { DeleteButton, RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { Loading, LoadError } from '../ui/states.tsx';
import { NewAccountForm } from './new-account-form.tsx';
import { ResetPasswordDialog } from './reset-password.tsx';

interface RowProps {
  account: AccountSummary;
  /** The signed-in admin's own account: neither reset nor deleted from here. */
  mine: boolean;
  onReset: () => void;
  onDelete: () => void;
}

/** An account: who, which role, when last seen; its password reset and its deletion. */
function AccountRow({ account: a, mine, onReset, onDelete }: RowProps) {
  return (
    <li>
      <span>
        <strong>{a.name}</strong> · {a.email}
        <br />
        <small className="adm-meta">
          {ROLE_LABELS[a.role]} ·{' '}
          {a.lastLoginAt ? `dernière connexion le ${formatDateTime(a.lastLoginAt)}` : 'jamais connecté'}
          {a.mustChangePassword && ' · mot de passe provisoire'}
        </small>
      </span>
      {!mine && (
        <span className="adm-item-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={onReset}
            aria-label={`Réinitialiser le mot de passe de ${a.name}`}
          >
            Réinitialiser le mot de passe
          </button>
          <DeleteButton label={`Supprimer le compte de ${a.name}`} onClick={onDelete} />
        </span>
      )}
    </li>
  );
}

/** Staff accounts: admins create agents (properties and messages only) and other admins. */
export function Accounts() {
  const me = useStore($account);
  const list = useResource(
    () => answer(paginated(AccountSummary), api().get('accounts', { searchParams: { limit: 100 } })),
    'accounts',
  );
  const removal = useRemoval<AccountSummary>(() => list.reload());
  const [resetting, setResetting] = useState<AccountSummary | null>(null);

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
            <AccountRow
              key={a.id}
              account={a}
              mine={a.id === me?.id}
              onReset={() => setResetting(a)}
              onDelete={() => removal.ask(a)}
            />
          ))}
        </ul>
      )}
      <NewAccountForm onCreated={list.reload} />
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
