import { useState } from 'react';
import { PasswordResetRequest, PasswordResetResponse, type AccountSummary } from '../../contract/index.ts';
import { answer, api } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { fieldErrors } from '../ui/field.tsx';
import { InputField } from '../ui/input-field.tsx';
import { Modal } from '../ui/modal.tsx';

/** The reset of `target`'s password: the one typed (checked first), or one the server generates. */
function useReset(target: AccountSummary | null) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PasswordResetResponse | null>(null);
  const clear = () => {
    setTyped('');
    setError(undefined);
    setResult(null);
  };
  const reset = async () => {
    if (!target) return;
    const parsed = PasswordResetRequest.safeParse(typed ? { password: typed } : {});
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).password);
      return;
    }
    setError(undefined);
    setBusy(true);
    const outcome = await mutate(
      () =>
        answer(
          PasswordResetResponse,
          api().post(`accounts/${target.id}/reset-password`, { json: parsed.data }),
        ),
      { failure: 'Le mot de passe n’a pas pu être réinitialisé' },
    );
    setBusy(false);
    if (outcome.ok) setResult(outcome.value);
  };
  return { typed, setTyped, error, busy, result, clear, reset };
}

/** The temporary password, shown this once. */
function ShownPassword({ name, password }: { name: string | undefined; password: string }) {
  return (
    <div>
      <p>
        Mot de passe provisoire de <strong>{name}</strong>, affiché une seule fois : transmettez-le de vive
        voix. Il devra être changé à la prochaine connexion.
      </p>
      <p className="adm-temp-password" data-testid="temporary-password">
        <code>{password}</code>
      </p>
    </div>
  );
}

/**
 * An admin's reset of another account: a password generated (or typed) here, shown once, which its owner
 * must replace at the next login; the account's open sessions end.
 */
export function ResetPasswordDialog({
  target,
  onClose,
}: {
  target: AccountSummary | null;
  onClose: () => void;
}) {
  const { typed, setTyped, error, busy, result, clear, reset } = useReset(target);
  const close = () => {
    clear();
    onClose();
  };
  const footer = result ? (
    <button type="button" className="btn btn-primary" onClick={close}>
      J’ai noté le mot de passe
    </button>
  ) : (
    <>
      <button type="button" className="btn btn-outline" onClick={close}>
        Annuler
      </button>
      <button type="button" className="btn btn-green" disabled={busy} onClick={() => void reset()}>
        {busy ? 'Réinitialisation…' : 'Réinitialiser'}
      </button>
    </>
  );

  return (
    <Modal open={target !== null} title="Réinitialiser le mot de passe" onClose={close} footer={footer}>
      {result ? (
        <ShownPassword name={target?.name} password={result.temporaryPassword} />
      ) : (
        <div>
          <p>
            Les sessions ouvertes de <strong>{target?.name}</strong> seront fermées, et un nouveau mot de
            passe devra être choisi à la prochaine connexion.
          </p>
          <InputField
            label="Mot de passe provisoire"
            error={error}
            hint="Laissez vide pour en générer un (au moins 12 caractères sinon)."
            type="text"
            autoComplete="off"
            value={typed}
            onChange={setTyped}
          />
        </div>
      )}
    </Modal>
  );
}
