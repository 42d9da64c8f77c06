import { useState } from 'react';
import { PasswordResetRequest, PasswordResetResponse, type AccountSummary } from '../../contract/index.ts';
import { answer, api } from '../lib/api.ts';
import { mutate } from '../lib/mutate.ts';
import { Field, fieldErrors } from '../ui/field.tsx';
import { Modal } from '../ui/modal.tsx';

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
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PasswordResetResponse | null>(null);

  const close = () => {
    setTyped('');
    setError(undefined);
    setResult(null);
    onClose();
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

  return (
    <Modal
      open={target !== null}
      title="Réinitialiser le mot de passe"
      onClose={close}
      footer={
        result ? (
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
        )
      }
    >
      {result ? (
        <div>
          <p>
            Mot de passe provisoire de <strong>{target?.name}</strong>, affiché une seule fois :
            transmettez-le de vive voix. Il devra être changé à la prochaine connexion.
          </p>
          <p className="adm-temp-password" data-testid="temporary-password">
            <code>{result.temporaryPassword}</code>
          </p>
        </div>
      ) : (
        <div>
          <p>
            Les sessions ouvertes de <strong>{target?.name}</strong> seront fermées, et un nouveau mot de
            passe devra être choisi à la prochaine connexion.
          </p>
          <Field
            label="Mot de passe provisoire"
            error={error}
            hint="Laissez vide pour en générer un (au moins 12 caractères sinon)."
          >
            {(c) => (
              <input
                {...c}
                type="text"
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
    </Modal>
  );
}
