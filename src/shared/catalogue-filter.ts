import type { Commune, Currency, FilterCurrency, PropertyCategory, PropertyType } from './enums.ts';
import { convert, type Rates } from './money.ts';

/**
 * The catalogue's filters and what they mean, as one pure predicate: the catalogue island filters its index
 * with it, and the server matches saved alerts (decision 0028) against new listings with the same function,
 * so "a listing the catalogue shows for these filters" and "a listing an alert mails" cannot drift apart.
 */

/** Spec §5 / §9 defaults. A bound equal to its default filters nothing (see `passes`). */
export const PRICE_RANGE = { min: 0, max: 27_000_000 } as const;
export const AREA_RANGE = { min: 0, max: 1000 } as const;
/** Longest search text kept. */
export const MAX_Q = 100;

/** What the visitor filters by: the catalogue's URL state without its page and view, an alert's filters. */
export interface CatalogueFilters {
  q: string;
  type: PropertyType | '';
  category: PropertyCategory | '';
  state: Commune | '';
  minPrice: number;
  maxPrice: number;
  currency: FilterCurrency;
  minArea: number;
  maxArea: number;
  /** Amenities all required, as the index's bitmask (bit i = AMENITIES[i]); 0 filters nothing. */
  amenities: number;
}

export const DEFAULT_FILTERS: CatalogueFilters = Object.freeze({
  q: '',
  type: '',
  category: '',
  state: '',
  minPrice: PRICE_RANGE.min,
  maxPrice: PRICE_RANGE.max,
  currency: 'USD',
  minArea: AREA_RANGE.min,
  maxArea: AREA_RANGE.max,
  amenities: 0,
});

export const FILTER_KEYS = Object.keys(DEFAULT_FILTERS) as (keyof CatalogueFilters)[];

/** What the predicate reads of a listing: the browser's index row and the server's row both have it. */
export interface FilterableListing {
  type: PropertyType;
  category: PropertyCategory;
  state: string;
  price: number | null;
  currency: Currency;
  area: number | null;
  amenityMask: number;
  title: string;
  address: string;
}

const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/** Lower-case, accents removed, every run of non-letters/digits (apostrophes, hyphens, punctuation, spaces)
 *  turned into one space, trimmed: 'Mont-Ngafula' → 'mont ngafula', 'Élégante VILLA' → 'elegante villa'. */
export function normalizeText(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(MARKS, '').replace(SEPARATORS, ' ').trim();
}

/** Normalised "title address state" per listing; listings are treated as immutable. */
const haystacks = new WeakMap<FilterableListing, string>();
function haystackOf(listing: FilterableListing): string {
  let h = haystacks.get(listing);
  if (h === undefined) {
    h = normalizeText(`${listing.title} ${listing.address} ${listing.state}`);
    haystacks.set(listing, h);
  }
  return h;
}

/** Spec §5: a missing price or area counts as 0. */
export const amount = (n: number | null | undefined): number =>
  typeof n === 'number' && Number.isFinite(n) ? n : 0;

/** The bounds that actually filter: a bound equal to its default is dropped (the default max price must not
 *  hide a CDF listing priced 1,425,000,000, nor the default max area a 5,000 m² plot); two applied bounds in
 *  the wrong order are swapped, as the URL parsing would. */
export function bounds(min: number, max: number, def: { min: number; max: number }): [number, number] {
  let lo = min === def.min || !Number.isFinite(min) ? -Infinity : min;
  let hi = max === def.max || !Number.isFinite(max) ? Infinity : max;
  if (lo > hi) [lo, hi] = [hi, lo];
  return [lo, hi];
}

/** The words of a search text, each to be found in a listing's text (see `hasWords`). */
export function searchWords(q: string): string[] {
  const text = normalizeText(q);
  return text === '' ? [] : text.split(' ');
}

/** Whether the listing's title, address and commune hold every word of `searchWords`. */
export function hasWords(listing: FilterableListing, words: readonly string[]): boolean {
  const h = haystackOf(listing);
  for (const w of words) if (!h.includes(w)) return false;
  return true;
}

/**
 * A listing's price as the filters compare it: in the filters' currency at `rates` when they are given, as it
 * is otherwise (2,000,000 CDF at 2,800 is 714 USD). The one definition, for the predicate and the catalogue's
 * precomputed columns (src/islands/catalogue/columns.ts).
 */
export function filterPrice(
  listing: Pick<FilterableListing, 'price' | 'currency'>,
  currency: FilterCurrency,
  rates: Rates | null,
): number {
  return rates && listing.currency !== currency
    ? convert(amount(listing.price), listing.currency, currency, rates)
    : amount(listing.price);
}

/**
 * The predicate of a set of filters: every word of the search text appears in the listing's title, address
 * or commune (case- and accent-insensitive, hyphens as spaces); type, category and commune exactly when set;
 * every amenity asked for; price and area within the bounds the visitor changed (a missing value counts as
 * 0), the price converted into the filters' currency at `rates` (without rates, each price is compared as it
 * is). Built once per filters, then called for each listing.
 */
export function filterPredicate(
  filters: CatalogueFilters,
  rates: Rates | null = null,
): (listing: FilterableListing) => boolean {
  const words = searchWords(filters.q);
  const { type, category, state, currency, amenities } = filters;
  const price = bounds(filters.minPrice, filters.maxPrice, PRICE_RANGE);
  const area = bounds(filters.minArea, filters.maxArea, AREA_RANGE);
  return (listing) => {
    if (type !== '' && listing.type !== type) return false;
    if (category !== '' && listing.category !== category) return false;
    if (state !== '' && listing.state !== state) return false;
    // One AND per listing: several amenities at once cost no more than one.
    if ((listing.amenityMask & amenities) !== amenities) return false;
    // A price is compared in the filter's currency, at the build's rate: 2,000,000 CDF at 2,800 is 714 USD.
    const p = filterPrice(listing, currency, rates);
    if (p < price[0] || p > price[1]) return false;
    const a = amount(listing.area);
    if (a < area[0] || a > area[1]) return false;
    return words.length === 0 || hasWords(listing, words);
  };
}

/** Whether one listing passes the filters (see `filterPredicate`). */
export const matches = (
  listing: FilterableListing,
  filters: CatalogueFilters,
  rates: Rates | null = null,
): boolean => filterPredicate(filters, rates)(listing);

/** Only the filters of a larger state (the catalogue's query also holds its page and view). */
export const filtersOf = (state: CatalogueFilters): CatalogueFilters =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, state[key]])) as unknown as CatalogueFilters;
