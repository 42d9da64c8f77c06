import { useStore } from './use-store.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createTranslator, pluralText, type Lang } from '../i18n/core.ts';
import { $favorites, clearFavorites } from '../stores/favorites.ts';
import type { Listing } from '../shared/listing-index.ts';
import { rateNoteWith, type Rates } from '../shared/money.ts';
import { useListingIndex } from './catalogue/load-index.ts';
import { LoadError } from './catalogue/LoadError.tsx';
import { PropertyCard } from './PropertyCard.tsx';

interface Props {
  lang: Lang;
  messages: Record<string, string>;
  propertyPath: string;
  catalogue: string;
  /** The build's exchange rates. */
  rates: Rates;
}

/** The visitor's saved properties (spec §2): from the browser's list of ids and the static listing index. */
export default function FavoritesApp({ lang, messages, propertyPath, catalogue, rates }: Props) {
  const t = useMemo(() => createTranslator(messages), [messages]);
  const ids = useStore($favorites);
  const { listings, status, retry } = useListingIndex();
  const confirm = useRef<HTMLDialogElement>(null);
  // Favourites live in this browser only: the pre-built page cannot know them, so it shows "loading".
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const saved = useMemo(() => {
    const byId = new Map((listings ?? []).map((l) => [l.id, l]));
    return ids.map((id) => byId.get(id)).filter((l): l is Listing => Boolean(l));
  }, [ids, listings]);

  if (!mounted) return <p className="state">{t('favorites.loading')}</p>;
  if (status === 'error') {
    return <LoadError message={t('favorites.error')} retry={t('favorites.retry')} onRetry={retry} />;
  }
  if (ids.length === 0) {
    return (
      <div className="state empty">
        <p className="empty-title">{t('favorites.empty.title')}</p>
        <p>{t('favorites.empty.text')}</p>
        <p className="links">
          <a className="btn btn-green" href={catalogue}>
            {t('favorites.empty.browse')}
          </a>
          <a className="btn btn-outline" href={`${catalogue}?type=sale`}>
            {t('favorites.empty.sale')}
          </a>
          <a className="btn btn-outline" href={`${catalogue}?type=rent`}>
            {t('favorites.empty.rent')}
          </a>
        </p>
      </div>
    );
  }
  if (status === 'loading') return <p className="state">{t('favorites.loading')}</p>;

  return (
    <>
      <div className="toolbar">
        <p className="count">{pluralText(t, lang, 'favorites.count', saved.length)}</p>
        <button type="button" className="btn btn-outline" onClick={() => confirm.current?.showModal()}>
          {t('favorites.clearAll')}
        </button>
      </div>
      {saved.length < ids.length && <p className="note">{t('favorites.missing')}</p>}
      <div className="results grid">
        {saved.map((listing) => (
          <PropertyCard
            key={listing.id}
            listing={listing}
            lang={lang}
            t={t}
            rates={rates}
            href={`${propertyPath}${listing.id}`}
          />
        ))}
      </div>
      <p className="rate-note">{rateNoteWith(t, rates)}</p>
      <dialog ref={confirm} className="confirm" aria-labelledby="confirm-clear">
        <p id="confirm-clear">{t('favorites.clearConfirm')}</p>
        <form method="dialog" className="confirm-actions">
          <button className="btn btn-outline" value="cancel">
            {t('common.cancel')}
          </button>
          <button className="btn btn-green" value="yes" onClick={() => clearFavorites()}>
            {t('favorites.clearConfirmYes')}
          </button>
        </form>
      </dialog>
    </>
  );
}
