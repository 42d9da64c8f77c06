import {
  lazy,
  Suspense,
  type ComponentProps,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createTranslator, pluralText, type Lang } from '../i18n/core.ts';
import { Filters, ViewSwitch } from './catalogue/Filters.tsx';
import type { Listing } from '../shared/listing-index.ts';
import { rateNoteWith, type Rates } from '../shared/money.ts';
import { loadGeo, loadWords, remember, useDetails, useListingIndex } from './catalogue/load-index.ts';
import type { WordsIndex } from '../shared/listing-words.ts';
import { LoadError } from './catalogue/LoadError.tsx';
import { Pagination } from './catalogue/Pagination.tsx';
import {
  DEFAULT_QUERY,
  filterListings,
  paginate,
  parseQuery,
  toSearch,
  withChange,
  type CatalogueQuery,
} from './catalogue/query.ts';
import { PropertyCard } from './PropertyCard.tsx';
import { warmColumns } from './catalogue/columns.ts';
import { whenIdle } from './catalogue/idle.ts';
import { loadLeafletCss } from '../shared/leaflet-css.ts';

// Leaflet and its CSS download only when a visitor opens the map view.
// The map's code and its stylesheet arrive together, when the map view opens.
// So do the coordinates (decision 0032): the catalogue's first view has none.
const MapView = lazy(() =>
  Promise.all([import('./catalogue/MapView.tsx'), loadLeafletCss(), loadGeo()]).then(([m, , geo]) => ({
    default: (props: Omit<ComponentProps<typeof m.default>, 'geo'>) => <m.default {...props} geo={geo} />,
  })),
);
// "Me prévenir" (decision 0028): its form downloads when a visitor opens it.
const AlertForm = lazy(() => import('./catalogue/AlertForm.tsx'));

/** Up to this many listings found by the text box, the catalogue offers the content search. */
const FEW_RESULTS = 3;
/** The cards a change shows at once when the rest are still to be mounted: the grid's first row at its widest
 *  (card.css: columns of at least 16 rem in the page's width, four at most). */
const FIRST_ROW = 4;

export interface CatalogueProps {
  lang: Lang;
  messages: Record<string, string>;
  communes: readonly string[];
  /** Localized path prefix of property pages, e.g. '/en/property/'. */
  propertyPath: string;
  /** Localized path of the content search, e.g. '/en/search/'. */
  searchPath: string;
  /** Localized path of the privacy page, which the alert form links to. */
  privacyPath: string;
  /** The newest listings, rendered into the page at build time so it is readable before any script runs. */
  initial: Listing[];
  initialTotal: number;
  tiles: { url: string; attribution: string };
  /** The build's exchange rates (the index carries the same): prices convert and filter at this rate. */
  rates: Rates;
  /**
   * The first page's cards as the build rendered them (static HTML that is not hydrated: their hearts,
   * compare toggles and carousels are src/scripts/cards.ts's), shown until the island shows results of its own.
   */
  children?: ReactNode;
}

/** The catalogue (spec §2): filters in the URL, grid, list and map, from the static index built with the site. */
export default function CatalogueApp({
  lang,
  messages,
  communes,
  propertyPath,
  searchPath,
  privacyPath,
  initial,
  initialTotal,
  tiles,
  rates,
  children,
}: CatalogueProps) {
  const t = useMemo(() => createTranslator(messages), [messages]);
  const [query, setQuery] = useState<CatalogueQuery>(DEFAULT_QUERY);
  const { listings, status, retry } = useListingIndex();
  // The first cards came with the page: their values need no shard.
  useState(() => remember(initial));
  // The text box's words (decision 0032): fetched when a visitor first searches, not with the page.
  const [words, setWords] = useState<WordsIndex | null>(null);
  const [wordsFailed, setWordsFailed] = useState(false);
  const searching = query.q !== '';
  useEffect(() => {
    if (searching && !words && !wordsFailed) void loadWords().then(setWords, () => setWordsFailed(true));
  }, [searching, words, wordsFailed]);
  const failed = status === 'error' || (searching && wordsFailed);
  const retryAll = () => {
    setWordsFailed(false);
    if (status === 'error') retry();
  };
  const results = useRef<HTMLDivElement>(null);
  const [watching, setWatching] = useState(false);
  const watchButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setQuery(parseQuery(location.search));
    const onPop = () => setQuery(parseQuery(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  // What a change owes the address bar and the scroll position, paid once its results are on screen: the
  // history entry and the forced layout of a scroll cost a slow phone milliseconds the results need first.
  const owed = useRef<{ url: string; scroll: boolean } | null>(null);
  const update = useCallback((patch: Partial<CatalogueQuery>) => {
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
  }, []);
  useEffect(() => {
    const due = owed.current;
    if (!due) return;
    owed.current = null;
    if (due.url !== location.pathname + location.search) history.pushState(null, '', due.url);
    if (due.scroll) results.current?.scrollIntoView({ block: 'start' });
  }, [query]);

  // The build's cards show the first view; from the first query of the visitor's own (a filter, a page, a view,
  // or an address that holds one) the island's cards show for good.
  const own = useRef(false);
  if (toSearch(query) !== '') own.current = true;
  // Meanwhile the island mounts its own cards, hidden, one per idle moment (decision 0043): hydrating nine
  // cards at load was the catalogue's longest task on a slow phone, and mounting nine at the first filter
  // change made that change several times slower; mounted ahead, the change only updates them.
  const [ahead, setAhead] = useState(0);

  const filtered = useMemo(
    () => (listings && (!searching || words) ? filterListings(listings, query, rates, words) : null),
    [listings, query, rates, searching, words],
  );
  // While the words of a first search arrive, the cards shown stay (the count says it is loading).
  const previous = useRef<Listing[] | null>(null);
  if (filtered) previous.current = filtered;
  const found = filtered ?? previous.current;
  const slice = paginate(found ?? initial, query.page);
  const cards = useDetails(slice.items);
  const total = found ? found.length : initialTotal;
  // A change that comes before they are all mounted (the index has just arrived on a busy phone: none may be)
  // shows the first row at once and the rest as they are mounted, one per idle moment still.
  useEffect(() => {
    if (ahead >= cards.length) return;
    return whenIdle(() => setAhead((n) => n + 1));
  }, [ahead, cards.length]);
  const mounted = own.current ? Math.max(ahead, FIRST_ROW) : ahead;
  // The filter's columns (10,000 listings at a time) once the index is here, while nothing else happens, so
  // that neither the load nor the first change pays for them (a change that comes first computes the columns
  // it reads, and only those).
  useEffect(() => (listings ? whenIdle(() => warmColumns(listings, rates)) : undefined), [listings, rates]);
  // The text box matches titles, addresses and communes; when it finds few listings, the words may be in
  // descriptions or features, which the content search covers (issue 18).
  const across =
    filtered && query.q && filtered.length <= FEW_RESULTS ? (
      <p className="search-across">
        <a href={`${searchPath}?q=${encodeURIComponent(query.q)}`}>
          {t('catalogue.searchDescriptions', { query: query.q })}
        </a>
      </p>
    ) : null;

  return (
    <div className="catalogue">
      <Filters query={query} communes={communes} t={t} rates={rates} onChange={update} />
      <div className="toolbar catalogue-toolbar" ref={results}>
        <p className="count" aria-live="polite">
          {failed ? '' : !filtered ? t('catalogue.loading') : pluralText(t, lang, 'catalogue.count', total)}
        </p>
        <button
          type="button"
          ref={watchButton}
          className="btn btn-outline watch-open"
          aria-expanded={watching}
          onClick={() => setWatching((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            />
          </svg>
          {t('alerts.form.open')}
        </button>
        <ViewSwitch view={query.view} t={t} onChange={(view) => update({ view })} />
      </div>
      {watching && (
        <Suspense fallback={<p className="state">{t('catalogue.loading')}</p>}>
          <AlertForm
            filters={query}
            lang={lang}
            t={t}
            privacyPath={privacyPath}
            onClose={() => {
              setWatching(false);
              watchButton.current?.focus();
            }}
          />
        </Suspense>
      )}

      {failed ? (
        <LoadError message={t('catalogue.error')} retry={t('catalogue.retry')} onRetry={retryAll} />
      ) : filtered && filtered.length === 0 ? (
        <div className="state empty">
          <p className="empty-title">{t('catalogue.empty')}</p>
          <p>{t('catalogue.emptyHint')}</p>
          {across}
        </div>
      ) : query.view === 'map' ? (
        <Suspense fallback={<p className="state">{t('catalogue.map.loading')}</p>}>
          <MapView
            listings={found ?? initial}
            t={t}
            lang={lang}
            propertyPath={propertyPath}
            tiles={tiles}
            rates={rates}
          />
        </Suspense>
      ) : (
        <>
          {!own.current && children}
          <div
            className={
              !own.current ? 'results-ahead' : query.view === 'list' ? 'results list' : 'results grid'
            }
            hidden={!own.current}
          >
            {/* Keyed by position: a filter change or a new page updates the nine cards' text and pictures in
                place rather than removing nine cards and building nine; each card starts its carousel again
                for a new listing. */}
            {cards.slice(0, mounted).map((listing, i) => (
              <PropertyCard
                key={i}
                listing={listing}
                lang={lang}
                t={t}
                rates={rates}
                href={`${propertyPath}${listing.id}`}
                layout={query.view === 'list' ? 'list' : 'grid'}
                eager={own.current && i < 3}
              />
            ))}
          </div>
          {across}
          <Pagination slice={slice} t={t} onPage={(page) => update({ page })} />
          <p className="rate-note">{rateNoteWith(t, rates)}</p>
        </>
      )}
    </div>
  );
}
