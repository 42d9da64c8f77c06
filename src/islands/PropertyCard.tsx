import { useStore } from './use-store.ts';
import { useState, type MouseEvent } from 'react';
import type { Lang } from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import '../shared/toaster.ts';
import { $compare, toggleCompare } from '../stores/compare.ts';
import { $favorites, toggleFavorite } from '../stores/favorites.ts';
import { COMPARE_MAX } from '../shared/id-list.ts';
import { toast } from '../shared/toasts.ts';
import { loadMedia } from './catalogue/media-shards.ts';
import { CARD_IMAGE_SIZES, cardView, HEART_PATH, wrapIndex, type CardData } from '../shared/card.ts';
import { autoplayUnlessSavingData } from '../shared/save-data.ts';
import type { CardMedia } from '../shared/listing-index.ts';
import type { Rates } from '../shared/money.ts';

// The one property card (spec §2, decision 0052). The build renders it to HTML with no client directive (the
// home, the catalogue's first view, commune pages, similar listings: no script of its own, src/scripts/cards.ts
// answers its data attributes); the catalogue and favourites islands render it live. Both give the same markup
// for the same listing (src/build/card-data.test.ts): every medium the card knows is a slide, the shown one not
// hidden. A marker attribute is written `data-x=""`, which the server renderer writes bare, as the pages had it.

interface Props {
  listing: CardData;
  lang: Lang;
  t: Translate;
  /** The build's exchange rates, for the price in the other currency. */
  rates: Rates;
  /** The listing's page in the visitor's language. */
  href: string;
  layout?: 'grid' | 'list';
  /** The first cards of a page are above the fold: their first picture loads at once. */
  eager?: boolean;
  /** A card of a page without script (the commune pages): its first picture only, and no heart. */
  still?: boolean;
}

interface Carousel {
  /** The listing the state is for. */
  id: number;
  media: CardMedia[];
  index: number;
}

/**
 * The carousel of a live card. The catalogue keeps a card's elements for the listing shown next in its place
 * (its cards are keyed by position, so a filter change updates nine cards instead of building nine new ones):
 * the state belongs to one listing and starts again with another. A card mounted before its listing's values
 * arrived (media: none yet) takes them when they come.
 */
function useCarousel(p: CardData, still: boolean) {
  const [carousel, setCarousel] = useState<Carousel>({ id: p.id, media: p.media, index: 0 });
  const { media, index } =
    carousel.id === p.id && carousel.media.length > 0 ? carousel : { media: p.media, index: 0 };
  async function go(next: number) {
    let all = media;
    if (all.length < p.mediaCount) {
      // The index carries the first photo only; the rest arrive with the listing's media shard.
      all = (await loadMedia(p.id).catch(() => null)) ?? media;
    }
    // Set for this listing only: if the card shows another one by now, the state is ignored.
    setCarousel({ id: p.id, media: all, index: all.length ? wrapIndex(next, all.length) : index });
  }
  if (still) return { media: media.slice(0, 1), index: 0, total: Math.min(media.length, 1), go };
  return { media, index, total: Math.max(p.mediaCount, media.length), go };
}

/**
 * A click the live card answers itself. The markup carries the data attributes src/scripts/cards.ts answers
 * by delegation on the document for the built cards (the catalogue's page loads both): a live card's click
 * stops at the card, so it is never answered twice.
 */
const own = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/** One medium of the carousel: the shown video plays (muted), any other medium shows a picture. */
function Slide({ m, shown, alt, eager }: { m: CardMedia; shown: boolean; alt: string; eager: boolean }) {
  return (
    <div className="slide" data-slide="" data-kind={m.type} hidden={!shown}>
      {m.type === 'video' && shown ? (
        <video
          src={m.url}
          poster={m.thumbnail || undefined}
          ref={autoplayUnlessSavingData}
          muted
          loop
          playsInline
          data-autoplay=""
          preload="none"
          width={400}
          height={300}
        />
      ) : (
        <img
          // Before the address: an image made by script starts loading as soon as it has one, and a lazy
          // one far below the screen (or in a hidden card or slide) must not.
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          src={m.type === 'image' ? m.url : m.thumbnail || m.url}
          srcSet={m.type === 'image' && m.srcset ? m.srcset : undefined}
          sizes={CARD_IMAGE_SIZES}
          width={400}
          height={300}
          alt={alt}
        />
      )}
    </div>
  );
}

/** The heart: pressed from the favourites store; the built card's words ride along for cards.ts. */
function Heart({ id, t }: { id: number; t: Translate }) {
  const favorite = useStore($favorites).includes(id);
  return (
    <button
      type="button"
      className="fav"
      data-fav={id}
      aria-pressed={favorite ? 'true' : 'false'}
      aria-label={favorite ? t('favorite.remove') : t('favorite.add')}
      data-label-add={t('favorite.add')}
      data-label-remove={t('favorite.remove')}
      data-toast-added={t('toast.favoriteAdded')}
      data-toast-removed={t('toast.favoriteRemoved')}
      onClick={own(() =>
        toast.success(toggleFavorite(id) ? t('toast.favoriteAdded') : t('toast.favoriteRemoved')),
      )}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d={HEART_PATH} />
      </svg>
    </button>
  );
}

/** Previous, next and one dot per medium; they wrap around both ways. */
function CarouselControls({
  total,
  index,
  go,
  t,
}: {
  total: number;
  index: number;
  go: (next: number) => void;
  t: Translate;
}) {
  return (
    <>
      <button
        type="button"
        className="nav carousel-nav prev"
        data-prev=""
        aria-label={t('card.previousMedia')}
        onClick={own(() => go(index - 1))}
      >
        ‹
      </button>
      <button
        type="button"
        className="nav carousel-nav next"
        data-next=""
        aria-label={t('card.nextMedia')}
        onClick={own(() => go(index + 1))}
      >
        ›
      </button>
      <div className="dots">
        {Array.from({ length: total }, (_, i) => (
          <button
            key={i}
            type="button"
            data-dot={i}
            aria-current={i === index ? 'true' : 'false'}
            aria-label={t('card.goToMedia', { n: i + 1 })}
            onClick={own(() => go(i))}
          />
        ))}
      </div>
    </>
  );
}

/** The media, badges and controls over the card's text. */
function CardCarousel({ p, t, eager, still }: { p: CardData; t: Translate; eager: boolean; still: boolean }) {
  const { media, index, total, go } = useCarousel(p, still);
  const kind = media[index]?.type ?? 'image';
  return (
    <div className="media" data-carousel="" data-index={index}>
      {media.length === 0 ? (
        <div className="placeholder">{p.detailed ? t('card.noMedia') : ''}</div>
      ) : (
        media.map((m, i) => (
          <Slide
            key={m.url}
            m={m}
            shown={i === index}
            alt={t('card.mediaAlt', { title: p.title, n: i + 1, total })}
            eager={eager && i === 0}
          />
        ))
      )}
      {/* Both kinds' words ride along: cards.ts switches them as a built card's visitor moves. */}
      <span
        className="badge media-badge"
        data-badge=""
        data-video={t('card.badge.video')}
        data-three-d={t('card.badge.3d')}
        hidden={kind === 'image'}
      >
        {kind === 'video' ? t('card.badge.video') : t('card.badge.3d')}
      </span>
      <span className="badge type-badge" data-type={p.type}>
        {t(`type.${p.type}`)}
      </span>
      {!still && <Heart id={p.id} t={t} />}
      {total > 1 && <CarouselControls total={total} index={index} go={(n) => void go(n)} t={t} />}
    </div>
  );
}

/** The compare toggle: pressed from the compare store; a fifth listing is refused with a toast. */
function CompareToggle({ id, t }: { id: number; t: Translate }) {
  const compared = useStore($compare).includes(id);
  const full = t('compare.full', { max: COMPARE_MAX });
  return (
    <button
      type="button"
      className="compare-toggle pill-button"
      data-compare={id}
      aria-pressed={compared ? 'true' : 'false'}
      data-toast-full={full}
      onClick={own(() => {
        if (toggleCompare(id) === 'full') toast.error(full);
      })}
    >
      {t('compare.toggle')}
    </button>
  );
}

/** A property card (spec §2): media with previous/next and dots that wrap, badges, favourite heart, facts. */
export function PropertyCard({
  listing: p,
  lang,
  t,
  rates,
  href,
  layout = 'grid',
  eager = false,
  still = false,
}: Props) {
  const view = cardView(p, t, lang, rates);
  return (
    // A catalogue card whose title and picture are on their way (decision 0032) says so, and keeps its size.
    // A list card is `card card-list`; a grid card is a plain card (card-grid is the class of a grid of cards).
    <article
      className={layout === 'list' ? 'card card-list' : 'card'}
      aria-busy={p.detailed ? undefined : true}
    >
      <CardCarousel p={p} t={t} eager={eager} still={still} />
      <div className="body">
        <p className="price">{view.price}</p>
        <p className="approx" title={view.rateNote}>
          {view.approx}
        </p>
        {view.moveIn && <p className="move-in">{view.moveIn}</p>}
        <h3>
          {/* Until its title comes, the link is named by what the card already shows (commune, kind): a
              screen reader's list of links never meets an empty one. */}
          <a href={href}>{p.detailed ? p.title : <span className="visually-hidden">{view.where}</span>}</a>
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
        <CompareToggle id={p.id} t={t} />
      </div>
    </article>
  );
}
