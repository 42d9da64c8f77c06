import { useStore } from './use-store.ts';
import { useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { createTranslator, pluralText, type Lang } from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import { $favorites, addFavorites, clearFavorites } from '../stores/favorites.ts';
import { knownIds, SHARED_FAVORITES_MAX } from '../shared/id-list.ts';
import type { Listing } from '../shared/listing-index.ts';
import { rateNoteWith, type Rates } from '../shared/money.ts';
import { toast } from '../shared/toasts.ts';
import { useLinkedIds, useShareMenu } from './linked-ids.ts';
import { useDetails, useListingIndex } from './catalogue/load-index.ts';
import { LoadError } from './catalogue/LoadError.tsx';
import { PropertyCard } from './PropertyCard.tsx';

interface Props {
  lang: Lang;
  messages: Record<string, string>;
  propertyPath: string;
  catalogue: string;
  /** The build's exchange rates. */
  rates: Rates;
  /** The share menu (src/components/ShareMenu.astro), pointed at the list on screen (decision 0027). */
  children?: ReactNode;
}

/** The list shown: the address's (a shared list) or this browser's favourites, with their card values in the
 *  page's language. */
function useSavedListings(lang: Lang) {
  const own = useStore($favorites);
  const { listings, status, retry } = useListingIndex();
  // Favourites live in this browser only and a shared list in the address: the pre-built page can know
  // neither, so it shows "loading" until the island has read them.
  const { linked, read, replace } = useLinkedIds(SHARED_FAVORITES_MAX);
  const byId = useMemo(() => new Map((listings ?? []).map((l) => [l.id, l])), [listings]);
  const ids = linked ? linked.ids : own;
  const known = knownIds(ids, new Set(byId.keys()));
  // The core has the filters' values; the cards' come from their shards (decision 0032).
  const saved = useDetails(
    known.ids.map((id) => byId.get(id)).filter((l): l is Listing => Boolean(l)),
    lang,
  );
  const shareBox = useShareMenu(status === 'ready' ? known.ids : []);
  return { status, retry, linked, read, replace, ids, known, saved, shareBox };
}

/**
 * The visitor's saved properties (spec §2): from the browser's list of ids and the static listing index.
 * With `?ids=…` in the address, the list someone shared instead (decision 0027), which the visitor may add
 * to their own; their own list is never replaced.
 */
export default function FavoritesApp({ lang, messages, propertyPath, catalogue, rates, children }: Props) {
  const t = useMemo(() => createTranslator(messages), [messages]);
  const { status, retry, linked, read, replace, ids, known, saved, shareBox } = useSavedListings(lang);
  const confirm = useRef<HTMLDialogElement>(null);
  const cards = <FavoriteCards saved={saved} lang={lang} t={t} rates={rates} propertyPath={propertyPath} />;

  if (!read) return <p className="state">{t('favorites.loading')}</p>;
  if (status === 'error') {
    return <LoadError message={t('favorites.error')} retry={t('favorites.retry')} onRetry={retry} />;
  }
  if (linked) {
    if (linked.ids.length > 0 && status === 'loading')
      return <p className="state">{t('favorites.loading')}</p>;
    const add = () => {
      const added = addFavorites(known.ids);
      toast.success(
        added ? pluralText(t, lang, 'toast.favoritesMerged', added) : t('toast.favoritesAlready'),
      );
      replace(null); // back to the visitor's own list, now with these in it
    };
    return (
      <SharedList
        count={saved.length}
        ignored={linked.dropped + known.dropped}
        t={t}
        onAdd={add}
        onOwn={() => replace(null)}
      >
        {/* Not "saved" yet: no count here, only the menu to pass the list on. */}
        <div className="toolbar">
          <span />
          <div ref={shareBox}>{children}</div>
        </div>
        {cards}
      </SharedList>
    );
  }
  if (ids.length === 0) return <NoFavorites t={t} catalogue={catalogue} />;
  if (status === 'loading') return <p className="state">{t('favorites.loading')}</p>;

  return (
    <>
      <div className="toolbar">
        {/* The list's heading: the cards' h3 titles follow an h2 (axe's heading order). */}
        <h2 className="count">{pluralText(t, lang, 'favorites.count', saved.length)}</h2>
        <div className="actions">
          <div ref={shareBox}>{children}</div>
          <button type="button" className="btn btn-outline" onClick={() => confirm.current?.showModal()}>
            {t('favorites.clearAll')}
          </button>
        </div>
      </div>
      {saved.length < ids.length && <p className="note">{t('favorites.missing')}</p>}
      {cards}
      <ClearConfirm dialog={confirm} t={t} />
    </>
  );
}

interface CardsProps {
  saved: Listing[];
  lang: Lang;
  t: Translate;
  rates: Rates;
  propertyPath: string;
}

/** The saved listings' cards, and the rate their other-currency prices use. */
function FavoriteCards({ saved, lang, t, rates, propertyPath }: CardsProps) {
  return (
    <>
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
    </>
  );
}

interface SharedProps {
  /** How many of the shared listings are on the market. */
  count: number;
  /** How many ids of the address were left out (unknown, or beyond the list's maximum). */
  ignored: number;
  t: Translate;
  onAdd: () => void;
  onOwn: () => void;
  /** The share menu and the cards, shown when the list has any. */
  children: ReactNode;
}

/** A list someone shared: add it to one's own, or go back to one's own. */
function SharedList({ count, ignored, t, onAdd, onOwn, children }: SharedProps) {
  return (
    <>
      <div className="shared-list">
        <h2>{t('favorites.shared.title')}</h2>
        <p>{count ? t('favorites.shared.intro') : t('favorites.shared.none')}</p>
        <p className="links">
          {count > 0 && (
            <button type="button" className="btn btn-green" onClick={onAdd}>
              {t('favorites.shared.add')}
            </button>
          )}
          <button type="button" className="btn btn-outline" onClick={onOwn}>
            {t('favorites.shared.own')}
          </button>
        </p>
      </div>
      {ignored > 0 && <p className="note">{t('share.ignored')}</p>}
      {count > 0 && children}
    </>
  );
}

/** No favourite yet: ways into the catalogue. */
function NoFavorites({ t, catalogue }: { t: Translate; catalogue: string }) {
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

/** "Tout effacer" asks again first. */
function ClearConfirm({ dialog, t }: { dialog: RefObject<HTMLDialogElement | null>; t: Translate }) {
  return (
    <dialog ref={dialog} className="confirm" aria-labelledby="confirm-clear">
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
  );
}
