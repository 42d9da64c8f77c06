import { useStore } from './use-store.ts';
import { useState } from 'react';
import type { Lang } from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import '../shared/toaster.ts';
import { $compare, toggleCompare } from '../stores/compare.ts';
import { $favorites, toggleFavorite } from '../stores/favorites.ts';
import { COMPARE_MAX } from '../shared/id-list.ts';
import { toast } from '../shared/toasts.ts';
import { loadMedia } from './catalogue/media-shards.ts';
import { CARD_IMAGE_SIZES, cardView, HEART_PATH, wrapIndex } from '../shared/card.ts';
import { autoplayUnlessSavingData } from '../shared/save-data.ts';
import type { CardMedia, Listing } from '../shared/listing-index.ts';
import type { Rates } from '../shared/money.ts';

interface Props {
  listing: Listing;
  lang: Lang;
  t: Translate;
  /** The build's exchange rates, for the price in the other currency. */
  rates: Rates;
  /** The listing's page in the visitor's language. */
  href: string;
  layout?: 'grid' | 'list';
  eager?: boolean;
}

interface Carousel {
  /** The listing the state is for. */
  id: number;
  media: CardMedia[];
  index: number;
}

/** A property card (spec §2): media with previous/next and dots that wrap, badges, favourite heart, facts. */
export function PropertyCard({ listing: p, lang, t, rates, href, layout = 'grid', eager = false }: Props) {
  const favorites = useStore($favorites);
  // The catalogue keeps a card's elements for the listing shown next in its place (CatalogueApp keys cards by
  // position, so a filter change updates nine cards instead of building nine new ones): the carousel's state
  // belongs to one listing and starts again with another.
  // A card mounted before its listing's values arrived (media: none yet) takes them when they come.
  const [carousel, setCarousel] = useState<Carousel>({ id: p.id, media: p.media, index: 0 });
  const { media, index } =
    carousel.id === p.id && carousel.media.length > 0 ? carousel : { media: p.media, index: 0 };
  const total = Math.max(p.mediaCount, media.length);
  const current = media[index] ?? media[0];
  const favorite = favorites.includes(p.id);
  const compared = useStore($compare).includes(p.id);

  async function go(next: number) {
    let all = media;
    if (all.length < total) {
      // The index carries the first photo only; the rest arrive with the listing's media shard.
      all = (await loadMedia(p.id).catch(() => null)) ?? media;
    }
    // Set for this listing only: if the card shows another one by now, the state is ignored.
    setCarousel({ id: p.id, media: all, index: all.length ? wrapIndex(next, all.length) : index });
  }

  const view = cardView(p, t, lang, rates);
  return (
    // A catalogue card whose title and picture are on their way (decision 0032) says so, and keeps its size.
    // A list card is `card card-list`; a grid card is a plain card, as the build's (card-grid is the class of a
    // grid of cards: given to a card, it made a grid of the card itself, its picture and text apart by a gap).
    <article
      className={layout === 'list' ? 'card card-list' : 'card'}
      aria-busy={p.detailed ? undefined : true}
    >
      <div className="media">
        {current ? (
          current.type === 'video' ? (
            <video
              key={current.url}
              src={current.url}
              poster={current.thumbnail || undefined}
              ref={autoplayUnlessSavingData}
              muted
              loop
              playsInline
              preload="none"
              width={400}
              height={300}
            />
          ) : (
            <img
              key={current.url}
              // Before the address: an image made by script starts loading as soon as it has one, and a lazy
              // one far below the screen (or in a hidden card) must not.
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              src={current.type === 'image' ? current.url : current.thumbnail || current.url}
              srcSet={current.type === 'image' && current.srcset ? current.srcset : undefined}
              sizes={CARD_IMAGE_SIZES}
              width={400}
              height={300}
              alt={t('card.mediaAlt', { title: p.title, n: index + 1, total })}
            />
          )
        ) : (
          <div className="placeholder">{p.detailed ? t('card.noMedia') : ''}</div>
        )}
        {current && current.type !== 'image' && (
          <span className="badge media-badge">
            {current.type === 'video' ? t('card.badge.video') : t('card.badge.3d')}
          </span>
        )}
        <span className={`badge type-badge type-${p.type}`}>{t(`type.${p.type}`)}</span>
        <button
          type="button"
          className="fav"
          aria-pressed={favorite}
          aria-label={favorite ? t('favorite.remove') : t('favorite.add')}
          onClick={() =>
            toast.success(toggleFavorite(p.id) ? t('toast.favoriteAdded') : t('toast.favoriteRemoved'))
          }
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d={HEART_PATH} />
          </svg>
        </button>
        {total > 1 && (
          <>
            <button
              type="button"
              className="nav carousel-nav prev"
              aria-label={t('card.previousMedia')}
              onClick={() => void go(index - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="nav carousel-nav next"
              aria-label={t('card.nextMedia')}
              onClick={() => void go(index + 1)}
            >
              ›
            </button>
            <div className="dots">
              {Array.from({ length: total }, (_, i) => (
                <button
                  key={i}
                  type="button"
                  aria-current={i === index}
                  aria-label={t('card.goToMedia', { n: i + 1 })}
                  onClick={() => void go(i)}
                />
              ))}
            </div>
          </>
        )}
      </div>
      <div className="body">
        <p className="price">{view.price}</p>
        <p className="approx" title={view.rateNote}>
          {view.approx}
        </p>
        {view.moveIn && <p className="move-in">{view.moveIn}</p>}
        <h3>
          <a href={href}>{p.title}</a>
        </h3>
        <p className="where">{view.where}</p>
        <ul className="facts">
          {view.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        {view.amenities.length > 0 && (
          <ul className="card-amenities">
            {view.amenities.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="compare-toggle pill-button"
          aria-pressed={compared}
          onClick={() => {
            if (toggleCompare(p.id) === 'full') toast.error(t('compare.full', { max: COMPARE_MAX }));
          }}
        >
          {t('compare.toggle')}
        </button>
      </div>
    </article>
  );
}
