import {
  AMENITIES,
  COMMUNES as COMMUNE_LIST,
  PROPERTY_CATEGORIES,
  PROPERTY_TYPES,
  type Commune,
  type PropertyCategory,
  type PropertyType,
} from '../../shared/enums.ts';
import type { Listing } from '../../shared/listing-index.ts';
import { convert, type Rates } from '../../shared/money.ts';
import {
  amount,
  columnsOf,
  FILTER_CURRENCIES,
  filterPrice,
  newestFirst,
  type FilterCurrency,
} from './columns.ts';

/**
 * The catalogue's state and logic, as pure functions: the query the URL holds (parse / serialise), the change
 * rules (spec §4: any filter change returns to page 1), the filtering (spec §2 search, §5 ranges), the
 * pagination (spec §9: 9 a page, pages within 2 of the current one, first and last, ellipses).
 *
 * The value lists come from src/shared/enums.ts, not from the contract: its value exports come with zod,
 * which the island must not ship.
 */

export { PAGE_SIZE, paginate, pageWindow, type PageSlice } from './paging.ts';
/** Spec §5 / §9 defaults. A bound equal to its default filters nothing (see `matches`). */
export const PRICE_RANGE = { min: 0, max: 27_000_000 } as const;
export const AREA_RANGE = { min: 0, max: 1000 } as const;
/** Longest search text kept from a URL. */
const MAX_Q = 100;

export type View = 'grid' | 'list' | 'map';
export { FILTER_CURRENCIES, type FilterCurrency } from './columns.ts';

export interface CatalogueQuery {
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
  page: number;
  view: View;
}

export const DEFAULT_QUERY: CatalogueQuery = Object.freeze({
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
  page: 1,
  view: 'grid',
});

const VIEW_LIST: readonly View[] = ['grid', 'list', 'map'];

/** Lower-case key → canonical value, so a hand-typed `state=gombe` or `type=SALE` still selects. */
const canonical = <T extends string>(list: readonly T[]): Map<string, T> =>
  new Map(list.map((k) => [k.toLowerCase(), k]));
const TYPES = canonical(PROPERTY_TYPES);
const CATEGORIES = canonical(PROPERTY_CATEGORIES);
const COMMUNES = canonical(COMMUNE_LIST);
const VIEWS = canonical(VIEW_LIST);
const CURRENCIES = canonical(FILTER_CURRENCIES);

const FILTER_KEYS = [
  'q',
  'type',
  'category',
  'state',
  'minPrice',
  'maxPrice',
  'currency',
  'minArea',
  'maxArea',
  'amenities',
] as const satisfies readonly (keyof CatalogueQuery)[];
const ALL_KEYS = [...FILTER_KEYS, 'page', 'view'] as const satisfies readonly (keyof CatalogueQuery)[];

// ---------------------------------------------------------------------------------------------------------
// URL ⇄ query

const AMENITY_BITS = new Map(AMENITIES.map((a, i) => [a.toLowerCase(), 1 << i]));

/** `amenities=generator,pool` → bitmask; unknown names are dropped, as any invalid value is. */
function readAmenities(raw: string | null): number {
  let mask = 0;
  for (const name of (raw ?? '').split(',')) mask |= AMENITY_BITS.get(name.trim().toLowerCase()) ?? 0;
  return mask;
}

/** Bitmask → `generator,pool`, in AMENITIES order: readable and stable URLs. */
const writeAmenities = (mask: number) => AMENITIES.filter((_, i) => mask & (1 << i)).join(',');

/** A non-negative finite number, or undefined (absent, empty, not a number, negative, infinite). */
function readAmount(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n + 0 /* -0 → 0 */ : undefined;
}

function readPage(raw: string | null): number {
  if (raw === null || raw.trim() === '') return 1;
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

function readText(raw: string | null): string {
  let q = (raw ?? '').trim();
  if (q.length > MAX_Q) {
    q = q.slice(0, MAX_Q);
    // Never keep half of a surrogate pair: it would not survive the next URL encoding.
    if (/[\uD800-\uDBFF]$/.test(q)) q = q.slice(0, -1);
    q = q.trimEnd();
  }
  return q;
}

/** A min / max pair from the URL, swapped when both were given and min > max. A lone min above the default
 *  max is kept as it is (the default max filters nothing, so `minPrice=30000000` means "from 30 M"). */
function readRange(
  params: URLSearchParams,
  minKey: string,
  maxKey: string,
  def: { min: number; max: number },
) {
  const min = readAmount(params.get(minKey));
  const max = readAmount(params.get(maxKey));
  if (min !== undefined && max !== undefined && min > max) return { min: max, max: min };
  return { min: min ?? def.min, max: max ?? def.max };
}

/** URL → query, leniently: anything unknown or invalid falls back to its default. */
export function parseQuery(search: string | URLSearchParams): CatalogueQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const lower = (key: string) => (params.get(key) ?? '').trim().toLowerCase();
  const price = readRange(params, 'minPrice', 'maxPrice', PRICE_RANGE);
  const area = readRange(params, 'minArea', 'maxArea', AREA_RANGE);
  return {
    q: readText(params.get('q')),
    type: TYPES.get(lower('type')) ?? '',
    category: CATEGORIES.get(lower('category')) ?? '',
    state: COMMUNES.get(lower('state')) ?? '',
    minPrice: price.min,
    maxPrice: price.max,
    currency: CURRENCIES.get(lower('currency')) ?? 'USD',
    minArea: area.min,
    maxArea: area.max,
    amenities: readAmenities(params.get('amenities')),
    page: readPage(params.get('page')),
    view: VIEWS.get(lower('view')) ?? 'grid',
  };
}

/** Query → '?a=b&…' holding only the values that differ from the defaults, in a fixed order; '' for none. */
export function toSearch(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  for (const key of ALL_KEYS) {
    const value = query[key];
    if (value === DEFAULT_QUERY[key]) continue;
    params.append(key, key === 'amenities' ? writeAmenities(value as number) : String(value));
  }
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

// ---------------------------------------------------------------------------------------------------------
// Changes

const isFilterKey = (key: string): key is (typeof FILTER_KEYS)[number] =>
  (FILTER_KEYS as readonly string[]).includes(key);

/**
 * Applies a patch (spec §4): when any filter actually changes the page returns to 1, whatever the patch says
 * about the page; a patch that changes only `page` and/or `view` keeps the page it asks for (or the current
 * one). Undefined values in the patch are ignored. Returns the same object when nothing changes.
 */
export function withChange(query: CatalogueQuery, patch: Partial<CatalogueQuery>): CatalogueQuery {
  let changed = false;
  let filterChanged = false;
  const next: CatalogueQuery = { ...query };
  for (const key of ALL_KEYS) {
    const value = patch[key];
    if (value === undefined || Object.is(value, query[key])) continue;
    (next as unknown as Record<string, unknown>)[key] = value;
    changed = true;
    if (isFilterKey(key)) filterChanged = true;
  }
  if (filterChanged) next.page = 1;
  else if (next.page !== query.page)
    next.page = Number.isFinite(next.page) ? Math.max(1, Math.floor(next.page)) : 1;
  return changed ? next : query;
}

// ---------------------------------------------------------------------------------------------------------
// Filtering

const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/** Lower-case, accents removed, every run of non-letters/digits (apostrophes, hyphens, punctuation, spaces)
 *  turned into one space, trimmed: 'Mont-Ngafula' → 'mont ngafula', 'Élégante VILLA' → 'elegante villa'. */
export function normalizeText(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(MARKS, '').replace(SEPARATORS, ' ').trim();
}

/** Normalised "title address state" per listing; listings are treated as immutable. */
const haystacks = new WeakMap<Listing, string>();
function haystackOf(listing: Listing): string {
  let h = haystacks.get(listing);
  if (h === undefined) {
    h = normalizeText(`${listing.title} ${listing.address} ${listing.state}`);
    haystacks.set(listing, h);
  }
  return h;
}

interface Matcher {
  words: string[];
  currency: FilterCurrency;
  rates: Rates | null;
  type: PropertyType | '';
  category: PropertyCategory | '';
  state: Commune | '';
  price: [number, number];
  area: [number, number];
  amenities: number;
}

/** The bounds that actually filter: a bound equal to its default is dropped (the default max price must not
 *  hide a CDF listing priced 1,425,000,000, nor the default max area a 5,000 m² plot); two applied bounds in
 *  the wrong order are swapped, as `parseQuery` would. */
function bounds(min: number, max: number, def: { min: number; max: number }): [number, number] {
  let lo = min === def.min || !Number.isFinite(min) ? -Infinity : min;
  let hi = max === def.max || !Number.isFinite(max) ? Infinity : max;
  if (lo > hi) [lo, hi] = [hi, lo];
  return [lo, hi];
}

function matcherOf(query: CatalogueQuery, rates: Rates | null): Matcher {
  const text = normalizeText(query.q);
  return {
    words: text === '' ? [] : text.split(' '),
    currency: query.currency,
    rates,
    type: query.type,
    category: query.category,
    state: query.state,
    price: bounds(query.minPrice, query.maxPrice, PRICE_RANGE),
    area: bounds(query.minArea, query.maxArea, AREA_RANGE),
    amenities: query.amenities,
  };
}

function passes(listing: Listing, m: Matcher): boolean {
  if (m.type !== '' && listing.type !== m.type) return false;
  if (m.category !== '' && listing.category !== m.category) return false;
  if (m.state !== '' && listing.state !== m.state) return false;
  // One AND per listing: several amenities at once cost no more than one.
  if ((listing.amenityMask & m.amenities) !== m.amenities) return false;
  // A price is compared in the filter's currency, at the build's rate: 2,000,000 CDF at 2,800 is 714 USD.
  const price = filterPrice(listing, m.currency, m.rates);
  if (price < m.price[0] || price > m.price[1]) return false;
  const area = amount(listing.area);
  if (area < m.area[0] || area > m.area[1]) return false;
  return m.words.length === 0 || hasWords(listing, m.words);
}

/**
 * Whether a listing passes the query: every word of the search text appears in its title, address or commune
 * (case- and accent-insensitive, hyphens as spaces); type, category and commune exactly when set; every
 * amenity asked for; price and area within the bounds the visitor changed (a missing value counts as 0), the
 * price converted into the query's currency at `rates` (without rates, each price is compared as it is).
 * Page and view play no part.
 */
export function matches(listing: Listing, query: CatalogueQuery, rates: Rates | null = null): boolean {
  return passes(listing, matcherOf(query, rates));
}

/** Whether the listing's text holds every word (the words of `matcherOf`). */
function hasWords(listing: Listing, words: readonly string[]): boolean {
  const h = haystackOf(listing);
  for (const w of words) if (!h.includes(w)) return false;
  return true;
}

/**
 * The listings that match, newest first (createdDay, then id, descending). A new array every time.
 * The same test as `matches`, run on the index's columns (./columns.ts: computed once per index), so a filter
 * change at 10,000 listings neither converts a price nor reads a listing object until the text, if any.
 */
export function filterListings(
  listings: readonly Listing[],
  query: CatalogueQuery,
  rates: Rates | null = null,
): Listing[] {
  const m = matcherOf(query, rates);
  const c = columnsOf(listings, rates);
  const type = m.type === '' ? -2 : c.type.code(m.type);
  const category = m.category === '' ? -2 : c.category.code(m.category);
  const state = m.state === '' ? -2 : c.state.code(m.state);
  const price = c.price[m.currency];
  const [minPrice, maxPrice] = m.price;
  const [minArea, maxArea] = m.area;
  const wanted = m.amenities;
  const out: Listing[] = [];
  for (let i = 0; i < listings.length; i++) {
    if (type !== -2 && c.type.codes[i] !== type) continue;
    if (category !== -2 && c.category.codes[i] !== category) continue;
    if (state !== -2 && c.state.codes[i] !== state) continue;
    // One AND per listing: several amenities at once cost no more than one.
    if ((c.amenities[i]! & wanted) !== wanted) continue;
    const p = price[i]!;
    if (p < minPrice || p > maxPrice) continue;
    const a = c.area[i]!;
    if (a < minArea || a > maxArea) continue;
    const listing = listings[i]!;
    if (m.words.length > 0 && !hasWords(listing, m.words)) continue;
    out.push(listing);
  }
  // The build writes the index newest first, and any subset of it keeps that order: no sort, no comparison.
  return c.newestFirst ? out : out.sort(newestFirst);
}

/**
 * The patch of a currency switch: the price bounds the visitor set follow into the new currency (rounded to
 * a round figure), so "500 – 1,000 USD" becomes "1,400,000 – 2,800,000 CDF" rather than "500 – 1,000 CDF".
 */
export function currencyChange(
  query: CatalogueQuery,
  currency: FilterCurrency,
  rates: Rates,
): Partial<CatalogueQuery> {
  if (currency === query.currency) return {};
  const step = currency === 'CDF' ? 1000 : 1;
  const move = (value: number, def: number) =>
    value === def ? def : Math.round(convert(value, query.currency, currency, rates) / step) * step;
  return {
    currency,
    minPrice: move(query.minPrice, PRICE_RANGE.min),
    maxPrice: move(query.maxPrice, PRICE_RANGE.max),
  };
}
