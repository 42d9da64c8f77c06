import type { ReactNode } from 'react';
import type { Page } from '../../contract/index.ts';
import type { Resource } from '../lib/use-resource.ts';
import { ListState } from './list-controls.tsx';

interface Props<T> {
  resource: Resource<Page<T>>;
  /** Spec §8's load-failure text of the page. */
  error: string;
  empty: string;
  /** A paged list: the pager goes below the cards. */
  pager?: { page: number; limit: number; onPage: (page: number) => void };
  /** The list's classes: `adm-cards` unless a page lays its cards out otherwise. */
  className?: string;
  /** Set while a reload runs, so that assistive technology hears the cards are changing. */
  busy?: boolean;
  /** One card (an `<li>` with its `key`) per item of the page. */
  card: (item: T) => ReactNode;
}

/** A list page's cards in their four states (load error, loading, empty, the cards and their pager). */
export function CardList<T>({
  resource,
  error,
  empty,
  pager,
  className = 'adm-cards',
  busy,
  card,
}: Props<T>) {
  return (
    <ListState resource={resource} error={error} empty={empty} pager={pager}>
      {(data) => (
        <ul className={className} aria-busy={busy}>
          {data.data.map((item) => card(item))}
        </ul>
      )}
    </ListState>
  );
}
