import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createTranslator, type Lang } from '../i18n/core.ts';
import { COMPARE_MAX, knownIds } from '../shared/id-list.ts';
import type { Listing } from '../shared/listing-index.ts';
import { rateNoteWith, type Rates } from '../shared/money.ts';
import { $compare, removeFromCompare } from '../stores/compare.ts';
import { useDetails, useListingIndex } from './catalogue/load-index.ts';
import { LoadError } from './catalogue/LoadError.tsx';
import { compareRows } from './compare/rows.ts';
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
  const picked = useStore($compare);
  const { linked, read, replace } = useLinkedIds(COMPARE_MAX);
  const { listings, status, retry } = useListingIndex();
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);

  const byId = useMemo(() => new Map((listings ?? []).map((l) => [l.id, l])), [listings]);
  const wanted = linked ? linked.ids : picked;
  const known = knownIds(wanted, new Set(byId.keys()));
  // The core has the filters' values; the cards' come from their shards (decision 0032).
  const shown = useDetails(known.ids.map((id) => byId.get(id)).filter((l): l is Listing => Boolean(l)));
  const ignored = (linked?.dropped ?? 0) + (status === 'ready' ? known.dropped : 0);
  const shareBox = useShareMenu(status === 'ready' ? known.ids : []);

  const remove = (id: number) => {
    removeFromCompare(id);
    if (linked) replace({ ids: linked.ids.filter((x) => x !== id), dropped: 0 });
  };

  if (!read || !now) return <p className="state">{t('compare.loading')}</p>;
  if (status === 'error') {
    return <LoadError message={t('compare.error')} retry={t('compare.retry')} onRetry={retry} />;
  }
  if (wanted.length > 0 && (status === 'loading' || shown.some((l) => !l.detailed)))
    return <p className="state">{t('compare.loading')}</p>;

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

  const rows = compareRows(shown, t, lang, rates, now);
  return (
    <>
      <div className="toolbar">
        {shown.length < 2 ? <p className="count">{t('compare.addMore')}</p> : <span />}
        <div ref={shareBox}>{children}</div>
      </div>
      {note}
      <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className="compare-table">
          <caption id="compare-caption" className="visually-hidden">
            {t('compare.caption')}
          </caption>
          <thead>
            <tr>
              <td />
              {shown.map((l) => (
                <th key={l.id} scope="col">
                  {l.media[0] ? (
                    <img
                      // Before the address, or a script-made image loads at once (see PropertyCard.tsx).
                      loading="lazy"
                      decoding="async"
                      src={
                        l.media[0].type === 'image' ? l.media[0].url : l.media[0].thumbnail || l.media[0].url
                      }
                      width={160}
                      height={120}
                      alt=""
                    />
                  ) : (
                    <span className="thumb-placeholder" />
                  )}
                  <a href={`${propertyPath}${l.id}`}>{l.title}</a>
                  <button
                    type="button"
                    className="remove pill-button"
                    aria-label={t('compare.removeLabel', { title: l.title })}
                    onClick={() => remove(l.id)}
                  >
                    {t('compare.remove')}
                  </button>
                </th>
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
      <p className="rate-note">{rateNoteWith(t, rates)}</p>
    </>
  );
}
