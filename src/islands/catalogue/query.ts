import {
  AMENITIES,
  COMMUNES as COMMUNE_LIST,
  FILTER_CURRENCIES,
  PROPERTY_CATEGORIES,
  PROPERTY_TYPES,
} from '../../shared/enums.ts';
import {
  AREA_RANGE,
  bounds,
  DEFAULT_FILTERS,
  FILTER_KEYS,
  hasWords,
  MAX_Q,
  PRICE_RANGE,
  searchWords,
  type CatalogueFilters,
} from '../../shared/catalogue-filter.ts';
import type { Listing } from '../../shared/listing-index.ts';
import { convert, type Rates } from '../../shared/money.ts';
import { wordsTest, type WordsIndex } from '../../shared/listing-words.ts';
import { columnsOf, isNewestFirst, newestFirst } from './columns.ts';

/**
 * The catalogue's state and logic, as pure functions: the query the URL holds (parse / serialise), the change
 * rules (spec §4: any filter change returns to page 1), the filtering (spec §2 search, §5 ranges: the one
 * predicate of src/shared/catalogue-filter.ts, which saved alerts use too), the pagination (spec §9: 9 a
 * page, pages within 2 of the current one, first and last, ellipses).
 *
 * The value lists come from src/shared/enums.ts, not from the contract: its value exports come with zod,
 * which the island must not ship.
 */

export { PAGE_SIZE, paginate, pageWindow, type PageSlice } from './paging.ts';
export { AREA_RANGE, PRICE_RANGE, FILTER_CURRENCIES };
export { matches, normalizeText } from '../../shared/catalogue-filter.ts';
import type { FilterCurrency } from '../../shared/enums.ts';
export type { FilterCurrency };

export type View = 'grid' | 'list' | 'map';

/** The filters (src/shared/catalogue-filter.ts) plus where the visitor is in the results. */
export interface CatalogueQuery extends CatalogueFilters {
  page: number;
  view: View;
}

export const DEFAULT_QUERY: CatalogueQuery = Object.freeze({ ...DEFAULT_FILTERS, page: 1, view: 'grid' });

const VIEW_LIST: readonly View[] = ['grid', 'list', 'map'];

/** Lower-case key → canonical value, so a hand-typed `state=gombe` or `type=SALE` still selects. */
const canonical = <T extends string>(list: readonly T[]): Map<string, T> =>
  new Map(list.map((k) => [k.toLowerCase(), k]));
const TYPES = canonical(PROPERTY_TYPES);
const CATEGORIES = canonical(PROPERTY_CATEGORIES);
const COMMUNES = canonical(COMMUNE_LIST);
const VIEWS = canonical(VIEW_LIST);
const CURRENCIES = canonical(FILTER_CURRENCIES);

const ALL_KEYS: readonly (keyof CatalogueQuery)[] = [...FILTER_KEYS, 'page', 'view'];

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

const isFilterKey = (key: string): key is keyof CatalogueFilters =>
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

/**
 * The listings that match, newest first (createdDay, then id, descending). A new array every time.
 * The same test as `matches`, run on the index's columns (./columns.ts: computed once per index), so a filter
 * change at 10,000 listings neither converts a price nor reads a listing object until the text, if any.
 */
export function filterListings(
  listings: readonly Listing[],
  query: CatalogueQuery,
  rates: Rates | null = null,
  index: WordsIndex | null = null,
): Listing[] {
  const words = searchWords(query.q);
  const [minPrice, maxPrice] = bounds(query.minPrice, query.maxPrice, PRICE_RANGE);
  const [minArea, maxArea] = bounds(query.minArea, query.maxArea, AREA_RANGE);
  // The first view filters nothing: the index as it is, without the columns (worked out later, in idle time,
  // by columnWarmer: the page's load does not pay for them).
  if (
    words.length === 0 &&
    query.type === '' &&
    query.category === '' &&
    query.state === '' &&
    query.amenities === 0 &&
    [minPrice, minArea].every((b) => b === -Infinity) &&
    [maxPrice, maxArea].every((b) => b === Infinity)
  )
    return isNewestFirst(listings) ? listings.slice() : [...listings].sort(newestFirst);
  // The core's listings have no title or address: their words come from words.json (same answers).
  const text = index && words.length > 0 ? wordsTest(index, words) : null;
  // Only the columns this query reads (each is computed on its first read: columns.ts).
  const c = columnsOf(listings, rates);
  const type = query.type === '' ? null : { codes: c.type.codes, want: c.type.code(query.type) };
  const category =
    query.category === '' ? null : { codes: c.category.codes, want: c.category.code(query.category) };
  const state = query.state === '' ? null : { codes: c.state.codes, want: c.state.code(query.state) };
  const wanted = query.amenities;
  const amenities = wanted === 0 ? null : c.amenities;
  const price = minPrice === -Infinity && maxPrice === Infinity ? null : c.price[query.currency];
  const area = minArea === -Infinity && maxArea === Infinity ? null : c.area;
  const out: Listing[] = [];
  for (let i = 0; i < listings.length; i++) {
    if (type && type.codes[i] !== type.want) continue;
    if (category && category.codes[i] !== category.want) continue;
    if (state && state.codes[i] !== state.want) continue;
    // One AND per listing: several amenities at once cost no more than one.
    if (amenities && (amenities[i]! & wanted) !== wanted) continue;
    if (price && (price[i]! < minPrice || price[i]! > maxPrice)) continue;
    if (area && (area[i]! < minArea || area[i]! > maxArea)) continue;
    const listing = listings[i]!;
    if (text ? !text(listing.position, listing.state) : words.length > 0 && !hasWords(listing, words))
      continue;
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
