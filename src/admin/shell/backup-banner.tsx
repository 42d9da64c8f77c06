import { useEffect, useState } from 'react';
import { BackupStatus } from '../../contract/index.ts';
import { answer, api } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * Admins see a backup that failed (the server's daily one or `npm run backup`) until one succeeds, and a
 * daily backup that has not run for two days: otherwise only the server's log would say so.
 */
export function BackupBanner() {
  const [status, setStatus] = useState<BackupStatus | null>(null);

  useEffect(() => {
    let stopped = false;
    answer(BackupStatus, api().get('backups/status'))
      .then((s) => !stopped && setStatus(s))
      .catch((error: unknown) => console.error(error));
    return () => {
      stopped = true;
    };
  }, []);

  if (!status || (!status.lastFailure && !status.overdue)) return null;
  const last = status.lastBackupAt
    ? `La dernière réussie date du ${formatDateTime(status.lastBackupAt)}.`
    : 'Aucune sauvegarde n’a encore réussi.';
  return (
    <section className="adm-demo" aria-label="Sauvegardes" data-testid="backup-banner">
      <p>
        {status.lastFailure ? (
          <>
            <strong>La sauvegarde du {formatDateTime(status.lastFailure.at)} a échoué</strong> :{' '}
            {status.lastFailure.message.replace(/\.$/, '')}. {last}
          </>
        ) : (
          <>
            <strong>Aucune sauvegarde depuis plus de deux jours.</strong> {last}
          </>
        )}{' '}
        Prévenez la personne qui gère le serveur (voir « Backups » dans le README).
      </p>
    </section>
  );
}
