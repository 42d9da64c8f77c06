import { lazy, memo, Suspense, type ComponentProps, type ReactNode, useMemo, useRef, useState } from 'react';
import { createTranslator, pluralText, type Lang } from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import { Filters as FilterForm, ViewSwitch } from './catalogue/Filters.tsx';
import { rateNoteWith, type Rates } from '../shared/money.ts';
import { loadGeo } from './catalogue/load-index.ts';
import { NONE, useAddressQuery, useResults, useSearchWords } from './catalogue/catalogue-state.ts';
import { LoadError } from './catalogue/LoadError.tsx';
import { Pagination } from './catalogue/Pagination.tsx';
import type { CatalogueQuery } from './catalogue/query.ts';
import { ResultCards } from './catalogue/ResultCards.tsx';
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
// The form renders again only when its query changes, not when the count or the cards do (decision 0046).
const Filters = memo(FilterForm);

/** Up to this many listings found by the text box, the catalogue offers the content search. */
const FEW_RESULTS = 3;

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
  /** How many listings the build found on the market. */
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
export default function CatalogueApp(props: CatalogueProps) {
  const { lang, messages, communes, privacyPath, initialTotal, rates } = props;
  const t = useMemo(() => createTranslator(messages), [messages]);
  const results = useRef<HTMLDivElement>(null);
  const [query, update] = useAddressQuery(results);
  const words = useSearchWords(query.q !== '', lang);
  const search = useResults(lang, query, rates, words.words, initialTotal);
  const failed = search.status === 'error' || words.failed;
  const retryAll = () => {
    words.retry();
    if (search.status === 'error') search.retry();
  };
  const [watching, setWatching] = useState(false);
  const watchButton = useRef<HTMLButtonElement>(null);

  return (
    <div className="catalogue">
      <Filters query={query} communes={communes} t={t} rates={rates} onChange={update} />
      <div className="toolbar catalogue-toolbar" ref={results}>
        {/* The count heads the results: the cards' h3 titles then follow an h2, not the page's h1 (axe's
            heading order). */}
        <h2 className="count" aria-live="polite">
          {failed
            ? ''
            : !search.filtered
              ? t('catalogue.loading')
              : pluralText(t, lang, 'catalogue.count', search.total)}
        </h2>
        <button
          type="button"
          ref={watchButton}
          className="btn btn-outline watch-open"
          aria-expanded={watching}
          onClick={() => setWatching((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d={BELL_PATH} />
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
      ) : (
        <Results {...props} t={t} query={query} search={search} onChange={update} />
      )}
    </div>
  );
}

const BELL_PATH =
  'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z';

interface ResultsProps extends CatalogueProps {
  t: Translate;
  query: CatalogueQuery;
  search: ReturnType<typeof useResults>;
  onChange: (patch: Partial<CatalogueQuery>) => void;
}

/** What the query found: none, the map, or the cards (the build's until the visitor's own query) and pages. */
function Results({
  t,
  lang,
  query,
  search,
  rates,
  propertyPath,
  searchPath,
  tiles,
  children,
  onChange,
}: ResultsProps) {
  const { filtered } = search;
  // The text box matches titles, addresses and communes; when it finds few listings, the words may be in
  // descriptions or features, which the content search covers.
  const across =
    filtered && query.q && filtered.length <= FEW_RESULTS ? (
      <p className="search-across">
        <a href={`${searchPath}?q=${encodeURIComponent(query.q)}`}>
          {t('catalogue.searchDescriptions', { query: query.q })}
        </a>
      </p>
    ) : null;
  if (filtered && filtered.length === 0) {
    return (
      <div className="state empty">
        <p className="empty-title">{t('catalogue.empty')}</p>
        <p>{t('catalogue.emptyHint')}</p>
        {across}
      </div>
    );
  }
  if (query.view === 'map') {
    return (
      <Suspense fallback={<p className="state">{t('catalogue.map.loading')}</p>}>
        <MapView
          listings={search.found ?? NONE}
          t={t}
          lang={lang}
          propertyPath={propertyPath}
          tiles={tiles}
          rates={rates}
        />
      </Suspense>
    );
  }
  return (
    <>
      {!search.own && children}
      <ResultCards
        cards={search.cards}
        own={search.own}
        layout={query.view === 'list' ? 'list' : 'grid'}
        lang={lang}
        t={t}
        rates={rates}
        propertyPath={propertyPath}
      />
      {across}
      <Pagination slice={search.slice} t={t} onPage={(page) => onChange({ page })} />
      <p className="rate-note">{rateNoteWith(t, rates)}</p>
    </>
  );
}
