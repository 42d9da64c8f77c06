import { useEffect, useState } from 'react';
import { Property, VisitRequest, type VisitStatus } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { VISIT_STATUS_LABELS } from '../lib/labels.ts';
import { useSearchList } from '../lib/use-search-list.ts';
import { CardList } from '../ui/card-list.tsx';
import { ListToolbar } from '../ui/list-controls.tsx';
import { RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { visitDay } from '../lib/format.ts';
import { VisitCard } from './visit-card.tsx';

const PAGE_SIZE = 20;

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
      <CardList
        resource={list}
        pager={{ page, limit: PAGE_SIZE, onPage: setPage }}
        error="Erreur lors du chargement des demandes de visite"
        empty="Aucune demande de visite"
        card={(v) => (
          <VisitCard
            key={v.id}
            visit={v}
            title={v.propertyId ? titles[v.propertyId] : undefined}
            onStatus={(next) => void changeStatus(v.id, next)}
            onDelete={() => removal.ask(v)}
          />
        )}
      />
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
