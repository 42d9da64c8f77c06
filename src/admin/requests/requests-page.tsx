import { useEffect, useState } from 'react';
import { InboxItem, InboxSummary, paginated, type InboxDetail } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, answer } from '../lib/api.ts';
import { useTeamMembers } from '../lib/use-team-members.ts';
import { formatHours } from '../lib/format.ts';
import { useResource } from '../lib/use-resource.ts';
import { CardList } from '../ui/card-list.tsx';
import { PageHead } from '../ui/states.tsx';
import { RequestCard } from './request-card.tsx';
import { NO_FILTER, query, RequestFilters, type Filters } from './request-filters.tsx';
import './requests.css';

const PAGE_SIZE = 20;

/** "?open=visit-12" (the agent's e-mail links here): that request, shown whatever the filters. */
function openedFromAddress(): string | null {
  const open = new URLSearchParams(location.search).get('open');
  return open && /^(message|visit)-\d+$/.test(open) ? open : null;
}

/** The page of requests the filters find; changing a filter returns to page 1. */
function useInbox() {
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const [page, setPage] = useState(1);
  const set = (key: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const list = useResource(
    () =>
      answer(
        paginated(InboxItem),
        api().get('requests', { searchParams: { ...query(filters), page, limit: PAGE_SIZE } }),
      ),
    JSON.stringify([filters, page]),
  );
  /** A request saved from its card, shown as the server answered it. */
  const onSaved = (saved: InboxDetail) =>
    list.setData(
      (p) => p && { ...p, data: p.data.map((i) => (i.kind === saved.kind && i.id === saved.id ? saved : i)) },
    );
  return { filters, set, page, setPage, list, onSaved };
}

/** The requests the filters find, downloaded as "demandes-YYYY-MM-DD.csv". */
async function exportCsv(filters: Filters) {
  try {
    const blob = await api()
      .get('requests/export.csv', { searchParams: query(filters) })
      .blob();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `demandes-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  } catch (error) {
    console.error(error);
    toast.error('L’export n’a pas pu être préparé');
  }
}

function SummaryLine({ summary }: { summary: InboxSummary | undefined }) {
  if (!summary) return null;
  return (
    <p className="adm-summary" aria-label="Résumé des demandes">
      <strong>{summary.new}</strong> nouvelles · <strong>{summary.overdue}</strong> sans réponse depuis plus
      de 48 h · premier contact en <strong>{formatHours(summary.medianHoursToContact)}</strong> (médiane sur
      30 jours)
    </p>
  );
}

/**
 * "Demandes" (decision 0048): messages, listing reports and visit requests in one list, each followed up with a
 * status, an agent and a note; filters, the 48-hour flag, the median time to a first contact, CSV export.
 */
export function RequestsPage() {
  const { filters, set, page, setPage, list, onSaved } = useInbox();
  const [opened] = useState(openedFromAddress);
  // Read again when the list's total moves: a request came or left.
  const summary = useResource(
    () => answer(InboxSummary, api().get('requests/summary')),
    String(list.data?.total),
  );
  const team = useTeamMembers();
  useEffect(() => {
    if (opened && list.data)
      document.getElementById(`request-${opened}`)?.scrollIntoView({ block: 'center' });
  }, [opened, list.data]);

  return (
    <>
      <PageHead
        title="Demandes"
        intro="Messages, demandes de visite et signalements : qui s’en occupe, où en est chacun."
        actions={
          <button type="button" className="btn btn-outline" onClick={() => void exportCsv(filters)}>
            Exporter en CSV
          </button>
        }
      />
      <SummaryLine summary={summary.data} />
      <RequestFilters filters={filters} set={set} team={team} total={list.data?.total} />
      <CardList
        resource={list}
        pager={{ page, limit: PAGE_SIZE, onPage: setPage }}
        error="Erreur lors du chargement des demandes"
        empty="Aucune demande"
        card={(item) => (
          <RequestCard
            key={`${item.kind}-${item.id}-${item.note ?? ''}`}
            item={item}
            team={team}
            open={opened === `${item.kind}-${item.id}`}
            onSaved={onSaved}
          />
        )}
      />
    </>
  );
}
