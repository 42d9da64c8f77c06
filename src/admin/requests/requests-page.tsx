import { useEffect, useState } from 'react';
import {
  FOLLOW_UPS,
  InboxItem,
  InboxSummary,
  paginated,
  TeamMember,
  type InboxDetail,
} from '../../contract/index.ts';
import { FOLLOW_UP_LABELS } from '../../shared/follow-up.ts';
import { toast } from '../../shared/toasts.ts';
import { api, answer } from '../lib/api.ts';
import { formatHours } from '../lib/format.ts';
import { useResource } from '../lib/use-resource.ts';
import { ListState } from '../ui/list-controls.tsx';
import { PageHead } from '../ui/states.tsx';
import { RequestCard } from './request-card.tsx';
import './requests.css';

const PAGE_SIZE = 20;
const KINDS = { message: 'Messages', visit: 'Demandes de visite', report: 'Signalements' } as const;

type Filters = Record<'followUp' | 'kind' | 'assignee' | 'property' | 'overdue', string>;
const NO_FILTER: Filters = { followUp: '', kind: '', assignee: '', property: '', overdue: '' };

/** The filters that are set, as the API's query. */
const query = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));

/** "?open=visit-12" (the agent's e-mail links here): that request, shown whatever the filters. */
function openedFromAddress(): string | null {
  const open = new URLSearchParams(location.search).get('open');
  return open && /^(message|visit)-\d+$/.test(open) ? open : null;
}

/**
 * "Demandes" (decision 0048): messages, listing reports and visit requests in one list, each followed up with a
 * status, an agent and a note; filters, the 48-hour flag, the median time to a first contact, CSV export.
 */
export function RequestsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [opened] = useState(openedFromAddress);
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
  const summary = useResource(
    () => answer(InboxSummary, api().get('requests/summary')),
    String(list.data?.total),
  );
  const [team, setTeam] = useState<TeamMember[]>([]);
  useEffect(() => {
    answer(paginated(TeamMember), api().get('team', { searchParams: { limit: 100 } }))
      .then((p) => setTeam(p.data))
      .catch(console.error);
  }, []);
  useEffect(() => {
    if (opened && list.data)
      document.getElementById(`request-${opened}`)?.scrollIntoView({ block: 'center' });
  }, [opened, list.data]);

  const onSaved = (saved: InboxDetail) =>
    list.setData(
      (p) => p && { ...p, data: p.data.map((i) => (i.kind === saved.kind && i.id === saved.id ? saved : i)) },
    );

  const exportCsv = async () => {
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
  };

  const s = summary.data;
  return (
    <>
      <PageHead
        title="Demandes"
        intro="Messages, demandes de visite et signalements : qui s’en occupe, où en est chacun."
        actions={
          <button type="button" className="btn btn-outline" onClick={() => void exportCsv()}>
            Exporter en CSV
          </button>
        }
      />
      {s && (
        <p className="adm-summary" aria-label="Résumé des demandes">
          <strong>{s.new}</strong> nouvelles · <strong>{s.overdue}</strong> sans réponse depuis plus de 48 h ·
          premier contact en <strong>{formatHours(s.medianHoursToContact)}</strong> (médiane sur 30 jours)
        </p>
      )}
      <div className="adm-toolbar" role="search">
        <select
          aria-label="Filtrer par statut"
          value={filters.followUp}
          onChange={(e) => set('followUp')(e.target.value)}
        >
          <option value="">Tous les statuts</option>
          {FOLLOW_UPS.map((f) => (
            <option key={f} value={f}>
              {FOLLOW_UP_LABELS[f]}
            </option>
          ))}
        </select>
        <select
          aria-label="Filtrer par type"
          value={filters.kind}
          onChange={(e) => set('kind')(e.target.value)}
        >
          <option value="">Tous les types</option>
          {Object.entries(KINDS).map(([k, text]) => (
            <option key={k} value={k}>
              {text}
            </option>
          ))}
        </select>
        <select
          aria-label="Filtrer par agent"
          value={filters.assignee}
          onChange={(e) => set('assignee')(e.target.value)}
        >
          <option value="">Tous les agents</option>
          <option value="none">Sans agent</option>
          {team.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
        <input
          type="number"
          min={1}
          inputMode="numeric"
          placeholder="N° d’annonce"
          aria-label="Filtrer par annonce (numéro)"
          value={filters.property}
          onChange={(e) => set('property')(e.target.value)}
        />
        <label className="adm-check">
          <input
            type="checkbox"
            checked={filters.overdue === 'true'}
            onChange={(e) => set('overdue')(e.target.checked ? 'true' : '')}
          />
          Plus de 48 h sans réponse
        </label>
        {list.data && <span className="adm-muted">{list.data.total} demande(s)</span>}
      </div>
      <ListState
        resource={list}
        pager={{ page, limit: PAGE_SIZE, onPage: setPage }}
        error="Erreur lors du chargement des demandes"
        empty="Aucune demande"
      >
        {(data) => (
          <ul className="adm-cards">
            {data.data.map((item) => (
              <RequestCard
                key={`${item.kind}-${item.id}-${item.note ?? ''}`}
                item={item}
                team={team}
                open={opened === `${item.kind}-${item.id}`}
                onSaved={onSaved}
              />
            ))}
          </ul>
        )}
      </ListState>
    </>
  );
}
