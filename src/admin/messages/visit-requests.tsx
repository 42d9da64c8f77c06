import { useEffect, useState } from 'react';
import { Property, VisitRequest, type VisitStatus } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { VISIT_STATUS_LABELS } from '../lib/labels.ts';
import { useSearchList } from '../lib/use-search-list.ts';
import { ListState, ListToolbar } from '../ui/list-controls.tsx';
import { DeleteButton, RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { Badge } from '../ui/states.tsx';

const PAGE_SIZE = 20;

/** The picker's day (YYYY-MM-DD) or local Kinshasa date and time (YYYY-MM-DDTHH:mm[:ss]). */
const visitDay = (v: string) =>
  v.length === 10 ? formatDate(`${v}T12:00:00Z`) : formatDateTime(`${v.length === 16 ? `${v}:00` : v}+01:00`);
const whatsapp = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

/** The titles of the listings the requests are about (one call per listing shown, at most a page's worth). */
function usePropertyTitles(ids: number[]) {
  const [titles, setTitles] = useState<Record<number, string>>({});
  const key = [...new Set(ids)].sort().join(',');
  useEffect(() => {
    const missing = key ? key.split(',').map(Number) : [];
    void Promise.all(
      missing.map((id) =>
        answer(Property, api().get(`properties/${id}`))
          .then((p) => [id, p.title] as const)
          .catch(() => [id, `Propriété n° ${id} (supprimée)`] as const),
      ),
    ).then((pairs) => setTitles(Object.fromEntries(pairs)));
  }, [key]);
  return titles;
}

/** Visit requests from the property pages: confirm them, mark them done, or cancel them. */
export function VisitRequests() {
  const searchList = useSearchList<VisitRequest, VisitStatus>('visits', PAGE_SIZE, VisitRequest);
  const { page, setPage, list, changeStatus } = searchList;
  const removal = useRemoval<VisitRequest>(() => list.reload());
  const titles = usePropertyTitles(
    list.data?.data.flatMap((v) => (v.propertyId ? [v.propertyId] : [])) ?? [],
  );

  return (
    <section aria-label="Demandes de visite">
      <ListToolbar
        state={searchList}
        filter={{
          label: 'Filtrer les visites par statut',
          all: 'Toutes les demandes',
          options: VISIT_STATUS_LABELS,
        }}
      />
      <ListState
        resource={list}
        pager={{ page, limit: PAGE_SIZE, onPage: setPage }}
        error="Erreur lors du chargement des demandes de visite"
        empty="Aucune demande de visite"
      >
        {(data) => (
          <ul className="adm-cards">
            {data.data.map((v) => (
              <li key={v.id} className={`adm-item${v.status === 'new' ? ' adm-unread' : ''}`}>
                <div className="adm-item-body">
                  <div className="adm-item-top">
                    <h2>
                      {v.name} · {visitDay(v.visitDate)}
                    </h2>
                    <Badge tone={`visit-${v.status}`}>{VISIT_STATUS_LABELS[v.status]}</Badge>
                  </div>
                  <p className="adm-meta">
                    <a href={whatsapp(v.telephone)} target="_blank" rel="noreferrer">
                      WhatsApp {v.telephone}
                    </a>
                    {v.email && (
                      <>
                        {' · '}
                        <a href={`mailto:${v.email}`}>{v.email}</a>
                      </>
                    )}
                    {' · '}demandé le {formatDateTime(v.createdAt)}
                  </p>
                  {v.propertyId ? (
                    <p>
                      <a href={`/property/${v.propertyId}`} target="_blank" rel="noreferrer">
                        {titles[v.propertyId] ?? `Propriété n° ${v.propertyId}`}
                      </a>
                    </p>
                  ) : (
                    v.url && <p className="adm-meta">Page : {v.url}</p>
                  )}
                </div>
                <div className="adm-item-actions">
                  {v.status === 'new' && (
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => void changeStatus(v.id, 'confirmed')}
                    >
                      Confirmer
                    </button>
                  )}
                  {v.status === 'confirmed' && (
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => void changeStatus(v.id, 'done')}
                    >
                      Marquer effectuée
                    </button>
                  )}
                  {(v.status === 'new' || v.status === 'confirmed') && (
                    <button
                      type="button"
                      className="btn adm-btn-danger-outline"
                      onClick={() => void changeStatus(v.id, 'cancelled')}
                    >
                      Annuler la visite
                    </button>
                  )}
                  <DeleteButton label={`Supprimer la demande de ${v.name}`} onClick={() => removal.ask(v)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <RemoveDialog
        {...removal.dialog}
        title="Supprimer la demande de visite"
        describe={(v) =>
          `Supprimer définitivement la demande de ${v.name} (${visitDay(v.visitDate)}) ? Ses coordonnées seront effacées.`
        }
        path={(v) => `visits/${v.id}`}
        success="Demande de visite supprimée"
      />
    </section>
  );
}
