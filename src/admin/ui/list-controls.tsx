import type { ReactNode } from 'react';
import type { Page } from '../../contract/index.ts';
import type { Resource } from '../lib/use-resource.ts';
import { Empty, Loading, LoadError, Pager } from './states.tsx';

interface SearchProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchInput({ label, placeholder, value, onChange }: SearchProps) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

interface FilterProps<V extends string> {
  label: string;
  /** The label of the empty value, e.g. 'Tous les statuts'. */
  all: string;
  value: V | '';
  options: Readonly<Record<V, string>>;
  onChange: (value: V | '') => void;
}

export function SelectFilter<V extends string>({ label, all, value, options, onChange }: FilterProps<V>) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
      <option value="">{all}</option>
      {(Object.entries(options) as [V, string][]).map(([key, text]) => (
        <option key={key} value={key}>
          {text}
        </option>
      ))}
    </select>
  );
}

interface ListStateProps<T> {
  resource: Resource<Page<T>>;
  /** Spec §8's load-failure text of the page. */
  error: string;
  empty: string;
  children: (page: Page<T>) => ReactNode;
  /** A paged list: the pager goes below the items. */
  pager?: { page: number; limit: number; onPage: (page: number) => void };
}

/** A list's four states: load error with retry, loading, empty, or the items. */
export function ListState<T>({ resource, error, empty, children, pager }: ListStateProps<T>) {
  if (resource.error) return <LoadError message={error} onRetry={resource.reload} />;
  if (!resource.data) return <Loading />;
  if (resource.data.data.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      {children(resource.data)}
      {pager && <Pager {...pager} total={resource.data.total} />}
    </>
  );
}

interface ToolbarProps<V extends string> {
  /** What the toolbar drives: a useSearchList result, or the same names over a page's own state. */
  state: { q?: string; setQ?: (q: string) => void; status: V | ''; setStatus: (value: V | '') => void };
  /** The search box's words; none for a list without a search. */
  search?: Pick<SearchProps, 'label' | 'placeholder'>;
  /** The filter's choices; its words are the status filter's unless given. */
  filter: Pick<FilterProps<V>, 'options'> & Partial<Pick<FilterProps<V>, 'label' | 'all'>>;
  /** "12 message(s)": the total of the list as filtered. */
  count?: string | undefined;
}

/** The search box, the status filter and the count above a list. */
export function ListToolbar<V extends string>({ state, search, filter, count }: ToolbarProps<V>) {
  return (
    <div className="adm-toolbar" role="search">
      {search && state.setQ && <SearchInput {...search} value={state.q ?? ''} onChange={state.setQ} />}
      <SelectFilter
        label={filter.label ?? 'Filtrer par statut'}
        all={filter.all ?? 'Tous les statuts'}
        options={filter.options}
        value={state.status}
        onChange={state.setStatus}
      />
      {count && <span className="adm-muted">{count}</span>}
    </div>
  );
}
