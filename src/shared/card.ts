/**
 * The property card's view model (spec §2), for its one component, src/islands/PropertyCard.tsx: the build
 * renders it to HTML (src/components/BuiltCard.astro, driven by src/scripts/cards.ts) and the islands render
 * it live (decision 0052). The map's popup reuses the same lines.
 */
import type { Lang } from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import { formatAreaWith, formatPriceWith, pluralText } from './format.ts';
import type { Listing } from './listing-index.ts';
import { approxPriceWith, moveInShort, rateNoteWith, type Rates } from './money.ts';
import { cardAmenities } from './trust.ts';

/** What a card shows of a listing: the build's Property (with its move-in total) and the index's Listing. */
export type CardListing = Pick<
  Listing,
  | 'type'
  | 'category'
  | 'state'
  | 'price'
  | 'currency'
  | 'area'
  | 'bedrooms'
  | 'bathrooms'
  | 'moveInMonths'
  | 'amenities'
>;

/** What the card component is given: the index's listing, or the build's listing as the index carries it
 *  (src/build/card-data.ts). */
export type CardData = CardListing & Pick<Listing, 'id' | 'detailed' | 'title' | 'media' | 'mediaCount'>;

export interface CardView {
  /** "250,000 USD" or "1,500 USD/mois". */
  price: string;
  /** "≈ 712,000,000 CDF": the price in the other currency, at the build's rate. */
  approx: string;
  /** The rate and its date, the approximation's title. */
  rateNote: string;
  /** "Pour emménager : 7,500 USD (5 mois)", or null. */
  moveIn: string | null;
  /** "Gombe · Villa". */
  where: string;
  /** Bedrooms and bathrooms when known, then the area. */
  facts: string[];
  /** The two or three amenities that matter most, as labels. */
  amenities: string[];
}

export function cardView(p: CardListing, t: Translate, lang: Lang, rates: Rates): CardView {
  const facts: string[] = [];
  if (p.bedrooms != null) facts.push(pluralText(t, lang, 'facts.bedrooms', p.bedrooms));
  if (p.bathrooms != null) facts.push(pluralText(t, lang, 'facts.bathrooms', p.bathrooms));
  facts.push(formatAreaWith(t, p.area));
  return {
    price: formatPriceWith(t, p.price, p.currency, p.type),
    approx: approxPriceWith(t, p.price, p.currency, p.type, rates),
    rateNote: rateNoteWith(t, rates),
    moveIn: moveInShort(p, t, lang),
    where: `${p.state} · ${t(`category.${p.category}`)}`,
    facts,
    amenities: cardAmenities(p.amenities).map((a) => t(`amenity.${a}`)),
  };
}

/** The carousel's step: previous, next and dots wrap around both ways (spec §2). */
export function wrapIndex(next: number, length: number): number {
  return length > 0 ? ((next % length) + length) % length : 0;
}

/** The card photo's `sizes`: one column on phones, two on tablets, three 22rem columns on desktops. */
export const CARD_IMAGE_SIZES = '(min-width: 62rem) 22rem, (min-width: 40rem) 45vw, 100vw';

/** The favourite heart's outline (viewBox 0 0 24 24), drawn by every heart of the site. */
export const HEART_PATH =
  'M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.2 0 3.7 1.3 4.4 2.6h2c.7-1.3 2.2-2.6 4.4-2.6 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z';
