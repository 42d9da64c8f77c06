import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createTranslator, type Lang } from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import { COMPARE_MAX, knownIds } from '../shared/id-list.ts';
import type { Listing } from '../shared/listing-index.ts';
import { rateNoteWith, type Rates } from '../shared/money.ts';
import { $compare, removeFromCompare } from '../stores/compare.ts';
import { useDetails, useListingIndex } from './catalogue/load-index.ts';
import { LoadError } from './catalogue/LoadError.tsx';
import { compareRows, type CompareRow } from './compare/rows.ts';
import { useLinkedIds, useShareMenu } from './linked-ids.ts';
import { useStore } from './use-store.ts';

interface Props {
  lang: Lang;
  messages: Record<string, string>;
  propertyPath: string;
  catalogue: string;
  favorites: string;
  rates: Rates;
  /** The share menu (src/components/ShareMenu.astro), pointed at the comparison on screen. */
  children?: ReactNode;
}

/** The listings compared: the address's (a shared comparison) or this browser's, with their card values in
 *  the page's language. */
function useComparison(lang: Lang) {
  const picked = useStore($compare);
  const { linked, read, replace } = useLinkedIds(COMPARE_MAX);
  const { listings, status, retry } = useListingIndex();
  const byId = useMemo(() => new Map((listings ?? []).map((l) => [l.id, l])), [listings]);
  const wanted = linked ? linked.ids : picked;
  const known = knownIds(wanted, new Set(byId.keys()));
  // The core has the filters' values; the cards' come from their shards (decision 0032).
  const shown = useDetails(
    known.ids.map((id) => byId.get(id)).filter((l): l is Listing => Boolean(l)),
    lang,
  );
  const ignored = (linked?.dropped ?? 0) + (status === 'ready' ? known.dropped : 0);
  const shareBox = useShareMenu(status === 'ready' ? known.ids : []);
  const remove = (id: number) => {
    removeFromCompare(id);
    if (linked) replace({ ids: linked.ids.filter((x) => x !== id), dropped: 0 });
  };
  const loading = wanted.length > 0 && (status === 'loading' || shown.some((l) => !l.detailed));
  return { read, status, retry, loading, shown, ignored, shareBox, remove };
}

/**
 * Up to four listings side by side (decision 0027), from the static catalogue index alone: the ones the
 * address names (a shared comparison), else the ones this browser picked.
 */
export default function CompareApp({
  lang,
  messages,
  propertyPath,
  catalogue,
  favorites,
  rates,
  children,
}: Props) {
  const t = useMemo(() => createTranslator(messages), [messages]);
  const { read, status, retry, loading, shown, ignored, shareBox, remove } = useComparison(lang);
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);

  if (!read || !now) return <p className="state">{t('compare.loading')}</p>;
  if (status === 'error') {
    return <LoadError message={t('compare.error')} retry={t('compare.retry')} onRetry={retry} />;
  }
  if (loading) return <p className="state">{t('compare.loading')}</p>;

  const note = ignored > 0 && <p className="note">{t('share.ignored')}</p>;
  if (shown.length === 0) {
    return (
      <>
        {note}
        <div className="state empty">
          <p className="empty-title">{t('compare.empty.title')}</p>
          <p>{t('compare.empty.text')}</p>
          <p className="links">
            <a className="btn btn-green" href={catalogue}>
              {t('compare.empty.browse')}
            </a>
            <a className="btn btn-outline" href={favorites}>
              {t('compare.empty.favorites')}
            </a>
          </p>
        </div>
      </>
    );
  }

  return (
    <>
      <div className="toolbar">
        {shown.length < 2 ? <p className="count">{t('compare.addMore')}</p> : <span />}
        <div ref={shareBox}>{children}</div>
      </div>
      {note}
      <CompareTable
        shown={shown}
        rows={compareRows(shown, t, lang, rates, now)}
        t={t}
        propertyPath={propertyPath}
        onRemove={remove}
      />
      <p className="rate-note">{rateNoteWith(t, rates)}</p>
    </>
  );
}

interface TableProps {
  shown: Listing[];
  rows: CompareRow[];
  t: Translate;
  propertyPath: string;
  onRemove: (id: number) => void;
}

/** The table: a column per listing (its picture, title and remove button), a row per fact. */
function CompareTable({ shown, rows, t, propertyPath, onRemove }: TableProps) {
  return (
    <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className="compare-table">
        <caption id="compare-caption" className="visually-hidden">
          {t('compare.caption')}
        </caption>
        <thead>
          <tr>
            <td />
            {shown.map((l) => (
              <ListingHead key={l.id} l={l} t={t} href={`${propertyPath}${l.id}`} onRemove={onRemove} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={`row-${row.key}`}>
              <th scope="row">{row.label}</th>
              {row.cells.map((lines, i) => (
                <td key={shown[i]?.id ?? i}>
                  {lines.map((line, j) => (
                    <span key={j} className={j === 0 ? 'first' : 'more'}>
                      {line}
                    </span>
                  ))}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td />
            {shown.map((l) => (
              <td key={l.id}>
                <a className="btn btn-outline" href={`${propertyPath}${l.id}`}>
                  {t('compare.view')}
                </a>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** A listing's column head: its first picture, its title linked, and the button that takes it out. */
function ListingHead(props: { l: Listing; t: Translate; href: string; onRemove: (id: number) => void }) {
  const { l, t } = props;
  const first = l.media[0];
  return (
    <th scope="col">
      {first ? (
        <img
          // Before the address, or a script-made image loads at once (see PropertyCard.tsx).
          loading="lazy"
          decoding="async"
          src={first.type === 'image' ? first.url : first.thumbnail || first.url}
          width={160}
          height={120}
          alt=""
        />
      ) : (
        <span className="thumb-placeholder" />
      )}
      <a href={props.href}>{l.title}</a>
      <button
        type="button"
        className="remove pill-button"
        aria-label={t('compare.removeLabel', { title: l.title })}
        onClick={() => props.onRemove(l.id)}
      >
        {t('compare.remove')}
      </button>
    </th>
  );
}
