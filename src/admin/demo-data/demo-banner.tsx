import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { DemoClearResult, DemoStatus, type DemoCounts } from '../../contract/index.ts';
import { answer, api } from '../lib/api.ts';
import { demoSummary } from '../../shared/demo-summary.ts';
import { $changes } from '../lib/changes.ts';
import { mutate } from '../lib/mutate.ts';
import { Confirm } from '../ui/modal.tsx';

const LABEL = 'Supprimer les données de démonstration';

/**
 * Going live (admins): while rows of the demo seed remain, one banner offers to remove them all. Whatever
 * staff created or edited is not demo any more and stays, as do accounts and settings.
 */
export function DemoBanner() {
  const changes = useStore($changes);
  const [remaining, setRemaining] = useState<DemoCounts | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stopped = false;
    answer(DemoStatus, api().get('demo'))
      .then((s) => !stopped && setRemaining(s.remaining))
      .catch((error: unknown) => console.error(error));
    return () => {
      stopped = true;
    };
  }, [changes]);

  if (!remaining || Object.values(remaining).every((n) => n === 0)) return null;

  const clear = async () => {
    setBusy(true);
    const outcome = await mutate(() => answer(DemoClearResult, api().post('demo/clear')), {
      success: (r) =>
        `Données de démonstration supprimées (${demoSummary(r.deleted, { media: false })}) : le site est republié`,
      failure: 'La suppression des données de démonstration a échoué',
    });
    setBusy(false);
    setAsking(false);
    if (outcome.ok) setRemaining(null);
  };

  return (
    <section className="adm-demo" aria-label="Données de démonstration">
      <p>
        <strong>Le site contient encore des données de démonstration</strong> (
        {demoSummary(remaining, { media: false })}). Supprimez-les avant de publier votre propre catalogue.
      </p>
      <button type="button" className="btn adm-btn-danger-outline" onClick={() => setAsking(true)}>
        {LABEL}
      </button>
      <Confirm
        open={asking}
        title={LABEL}
        message={
          `Seront supprimés définitivement : ${demoSummary(remaining, { media: false })}, avec leurs photos. ` +
          'Les comptes, les réglages et tout ce que votre équipe a créé ou modifié sont conservés. ' +
          'Le site public sera ensuite republié.'
        }
        confirmLabel={LABEL}
        busy={busy}
        onConfirm={() => void clear()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
