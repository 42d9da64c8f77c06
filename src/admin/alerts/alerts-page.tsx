import { useState } from 'react';
import { AlertList, type Alert, type AlertStatus } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDate, formatDateTime, formatNumber } from '../lib/format.ts';
import { useResource } from '../lib/use-resource.ts';
import { SelectFilter } from '../ui/list-controls.tsx';
import { RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { Badge, Empty, Loading, LoadError, PageHead, Pager } from '../ui/states.tsx';
import './alerts.css';

const PAGE_SIZE = 20;

const STATUS_LABELS: Record<AlertStatus, string> = {
  pending: 'En attente de confirmation',
  confirmed: 'Confirmée',
  unsubscribed: 'Désinscrite',
};
const STATUS_TONES: Record<AlertStatus, string> = {
  pending: 'earth',
  confirmed: 'green',
  unsubscribed: 'unavailable',
};
const LANG_LABELS: Record<Alert['lang'], string> = { fr: 'français', en: 'anglais', ln: 'lingala' };

/** One card per alert: the filters in words, the status, the address and the dates. */
function AlertCards({ alerts, onDelete }: { alerts: Alert[]; onDelete: (alert: Alert) => void }) {
  return (
    <ul className="adm-cards">
      {alerts.map((a) => (
        <li key={a.id} className="adm-item">
          <div className="adm-item-body">
            <div className="adm-item-top">
              <h2>{a.summary}</h2>
              <Badge tone={STATUS_TONES[a.status]}>{STATUS_LABELS[a.status]}</Badge>
            </div>
            <p className="adm-meta">
              <a href={`mailto:${a.email}`}>{a.email}</a>
              {a.phone && ` · ${a.phone}`} · en {LANG_LABELS[a.lang]} · créée le {formatDateTime(a.createdAt)}
              {a.confirmedAt && ` · confirmée le ${formatDate(a.confirmedAt)}`}
              {' · '}
              {a.lastSentAt ? `dernier envoi le ${formatDateTime(a.lastSentAt)}` : 'aucun envoi'}
            </p>
          </div>
          <div className="adm-item-actions">
            <button
              type="button"
              className="btn adm-btn-danger-outline"
              onClick={() => onDelete(a)}
              aria-label={`Supprimer l’alerte de ${a.email}`}
            >
              Supprimer
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The visitors' alerts (decision 0028): what each saved, where it is in the double opt-in, when it was last
 * mailed; staff delete one on request (the deletion is audited).
 */
export function AlertsPage() {
  const [status, setStatus] = useState<AlertStatus | ''>('');
  const [page, setPage] = useState(1);
  const removal = useRemoval<Alert>(() => list.reload());
  const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (status) query.set('status', status);
  const list = useResource(() => answer(AlertList, api().get(`alerts?${query}`)), query.toString());
  const counts = list.data?.counts;

  return (
    <>
      <PageHead
        title="Alertes des visiteurs"
        intro="Les recherches que des visiteurs ont enregistrées avec « Me prévenir » : un e-mail leur part après chaque publication quand de nouvelles annonces y correspondent."
      />
      {counts && (
        <ul className="adm-alert-counts" aria-label="Alertes par statut">
          {(Object.keys(STATUS_LABELS) as AlertStatus[]).map((s) => (
            <li key={s}>
              <strong>{formatNumber(counts[s])}</strong> {STATUS_LABELS[s].toLowerCase()}
            </li>
          ))}
        </ul>
      )}
      <div className="adm-toolbar">
        <SelectFilter
          label="Filtrer par statut"
          all="Tous les statuts"
          value={status}
          options={STATUS_LABELS}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        {list.data && <span className="adm-muted">{list.data.total} alerte(s)</span>}
      </div>
      {list.error ? (
        <LoadError message="Erreur lors du chargement des alertes" onRetry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.data.length === 0 ? (
        <Empty>Aucune alerte</Empty>
      ) : (
        <>
          <AlertCards alerts={list.data.data} onDelete={removal.ask} />
          <Pager page={page} limit={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      )}
      <RemoveDialog
        {...removal.dialog}
        title="Supprimer l’alerte"
        describe={(a) =>
          `Supprimer l’alerte de ${a.email} (${a.summary}) ? Plus aucun e-mail ne lui sera envoyé.`
        }
        path={(a) => `alerts/${a.id}`}
        success="Alerte supprimée"
      />
    </>
  );
}
