import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Lang } from '../../i18n/core.ts';
import type { Listing } from '../../shared/listing-index.ts';
import type { WordsIndex } from '../../shared/listing-words.ts';
import type { Rates } from '../../shared/money.ts';
import { columnWarmer } from './columns.ts';
import { inIdleSlices } from './idle.ts';
import { loadWords, useDetails, useListingIndex } from './load-index.ts';
import {
  DEFAULT_QUERY,
  filterListings,
  paginate,
  parseQuery,
  toSearch,
  withChange,
  type CatalogueQuery,
} from './query.ts';

// The catalogue island's state (src/islands/CatalogueApp.tsx): its query in the address, the text box's words,
// and what the query finds.

export const NONE: Listing[] = [];

/**
 * The query on screen, kept in the address: read from it at load and on back/forward, written to it with a
 * change's results (before paint), scrolled to once they are on screen (the forced layout of a scroll costs
 * a slow phone milliseconds the results need first).
 */
export function useAddressQuery(results: RefObject<HTMLDivElement | null>) {
  const [query, setQuery] = useState<CatalogueQuery>(DEFAULT_QUERY);
  useEffect(() => {
    setQuery(parseQuery(location.search));
    const onPop = () => setQuery(parseQuery(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  // What a change owes the address bar and the scroll position, paid once its results are on screen.
  const owed = useRef<{ url: string; scroll: boolean } | null>(null);
  const update = useCallback(
    (patch: Partial<CatalogueQuery>) => {
      setQuery((current) => {
        const next = withChange(current, patch);
        const scroll = patch.page !== undefined;
        if (next === current) {
          if (scroll) results.current?.scrollIntoView({ block: 'start' });
          return current;
        }
        owed.current = {
          url: location.pathname + toSearch(next),
          scroll: scroll || (owed.current?.scroll ?? false),
        };
        return next;
      });
    },
    [results],
  );
  // The address with the results it names, in the same task: written after paint, a Back pressed in between
  // (a frame) went back from the entry before, and the late entry then replaced the one Back had reached.
  const scrollOwed = useRef(false);
  useLayoutEffect(() => {
    const due = owed.current;
    if (!due) return;
    owed.current = null;
    if (due.url !== location.pathname + location.search) history.pushState(null, '', due.url);
    scrollOwed.current ||= due.scroll;
  }, [query]);
  useEffect(() => {
    if (!scrollOwed.current) return;
    scrollOwed.current = false;
    results.current?.scrollIntoView({ block: 'start' });
  }, [query, results]);
  return [query, update] as const;
}

/** The text box's words in the page's language (decision 0032): fetched when a visitor first searches, not
 *  with the page. */
export function useSearchWords(searching: boolean, lang: Lang) {
  const [words, setWords] = useState<WordsIndex | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (searching && !words && !failed) void loadWords(lang).then(setWords, () => setFailed(true));
  }, [searching, words, failed, lang]);
  return { words, failed: searching && failed, retry: () => setFailed(false) };
}

/** The listings the query finds, and the page of them whose cards show. */
export function useResults(
  lang: Lang,
  query: CatalogueQuery,
  rates: Rates,
  words: WordsIndex | null,
  initialTotal: number,
) {
  const { core, listings: decoded, status, retry } = useListingIndex();
  // The build's cards show the first view; from the first query of the visitor's own (a filter, a page, a view,
  // or an address that holds one) the island's cards show for good.
  const own = useRef(false);
  if (toSearch(query) !== '') own.current = true;
  // The first view needs no listing: its cards came with the page, its count comes once idle time has
  // decoded the index (decision 0046). A query of the visitor's own needs them all now.
  const listings = decoded ?? (core && own.current ? core.now() : null);
  const searching = query.q !== '';
  const filtered = useMemo(
    () => (listings && (!searching || words) ? filterListings(listings, query, rates, words) : null),
    [listings, query, rates, searching, words],
  );
  // While the words of a first search arrive, the cards shown stay (the count says it is loading).
  const previous = useRef<Listing[] | null>(null);
  if (filtered) previous.current = filtered;
  const found = filtered ?? previous.current;
  const slice = paginate(found ?? NONE, query.page);
  // The cards mounted ahead while the build's show need no card values (they are hidden, and the first change
  // shows other listings): their shards are fetched for a query of the visitor's own only.
  const details = useDetails(own.current ? slice.items : NONE, lang);
  // The filter's columns (10,000 listings each) once the index is decoded, one per slice of idle time, so
  // that neither the load nor the first change pays for them (a change that comes first computes the columns
  // it reads, and only those).
  useEffect(() => (decoded ? inIdleSlices(columnWarmer(decoded, rates)) : undefined), [decoded, rates]);
  const cards = own.current ? details : slice.items;
  const total = found ? found.length : initialTotal;
  return { status, retry, own: own.current, filtered, found, slice, cards, total };
}
