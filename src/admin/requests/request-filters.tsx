import type { TeamMember } from '../../contract/index.ts';
import { FOLLOW_UP_LABELS } from '../../shared/follow-up.ts';
import { SelectFilter } from '../ui/list-controls.tsx';

const KINDS = { message: 'Messages', visit: 'Demandes de visite', report: 'Signalements' } as const;

/** The filters over a closed list of values; the agents' list is the team's, with "Sans agent". */
const CLOSED_FILTERS: {
  key: 'followUp' | 'kind';
  label: string;
  all: string;
  options: Record<string, string>;
}[] = [
  { key: 'followUp', label: 'Filtrer par statut', all: 'Tous les statuts', options: FOLLOW_UP_LABELS },
  { key: 'kind', label: 'Filtrer par type', all: 'Tous les types', options: KINDS },
];

export type Filters = Record<'followUp' | 'kind' | 'assignee' | 'property' | 'overdue', string>;
export const NO_FILTER: Filters = { followUp: '', kind: '', assignee: '', property: '', overdue: '' };

/** The filters that are set, as the API's query. */
export const query = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));

interface Props {
  filters: Filters;
  set: (key: keyof Filters) => (value: string) => void;
  team: TeamMember[];
  /** How many requests the filters find, once known. */
  total: number | undefined;
}

/** The inbox's filters: status, kind, agent (or none), listing number, overdue; and the count they find. */
export function RequestFilters({ filters, set, team, total }: Props) {
  return (
    <div className="adm-toolbar" role="search">
      {CLOSED_FILTERS.map((f) => (
        <SelectFilter
          key={f.key}
          label={f.label}
          all={f.all}
          options={f.options}
          value={filters[f.key]}
          onChange={set(f.key)}
        />
      ))}
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
      {total !== undefined && <span className="adm-muted">{total} demande(s)</span>}
    </div>
  );
}
