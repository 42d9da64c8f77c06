import { amount, filterPrice } from '../../shared/catalogue-filter.ts';
import type { Listing } from '../../shared/listing-index.ts';
import type { Rates } from '../../shared/money.ts';
import type { FilterCurrency } from '../../shared/enums.ts';

/**
 * The catalogue's filter reads, for every listing, the same few values on every change: its type, category,
 * commune, amenities, area and its price in the filter's currency. Two currencies (decision 0021) made that price a conversion per
 * listing per change (and the amenities one more field), which at 10,000 listings on a slow phone cost more than
 * the rest of the filter. Here those values are computed ONCE per index (and rates), into typed columns the
 * filter's loop reads by position: no conversion, no object lookup, no allocation per listing and per change.
 */

/** A string column as small integer codes; `code` of a value no listing has is -1 (matches nothing). */
export interface CodedColumn {
  codes: Uint16Array;
  code(value: string): number;
}

function coded(listings: readonly Listing[], value: (l: Listing) => string): CodedColumn {
  const known = new Map<string, number>();
  const codes = new Uint16Array(listings.length);
  listings.forEach((l, i) => {
    const v = value(l);
    let c = known.get(v);
    if (c === undefined) known.set(v, (c = known.size));
    codes[i] = c;
  });
  return { codes, code: (v) => known.get(v) ?? -1 };
}

export interface Columns {
  readonly type: CodedColumn;
  readonly category: CodedColumn;
  readonly state: CodedColumn;
  readonly amenities: Int32Array;
  readonly area: Float64Array;
  /** The price in each filter currency, converted once. */
  readonly price: Readonly<Record<FilterCurrency, Float64Array>>;
  /** Whether the index is already newest first (the build writes it so): every subset of it is too. */
  readonly newestFirst: boolean;
}

/** The catalogue's order (spec §2): newest first, then the higher id. */
export const newestFirst = (a: Listing, b: Listing) => b.createdDay - a.createdDay || b.id - a.id;

/** An object whose fields are each computed on their first read, then kept as plain values. */
function lazyFields<T extends object>(make: { [K in keyof T]: () => T[K] }): T {
  const out = {} as T;
  for (const key of Object.keys(make) as (keyof T)[])
    Object.defineProperty(out, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = make[key]();
        Object.defineProperty(out, key, { value, enumerable: true });
        return value;
      },
    });
  return out;
}

function numbers(listings: readonly Listing[], value: (l: Listing) => number): Float64Array {
  const out = new Float64Array(listings.length);
  for (let i = 0; i < listings.length; i++) out[i] = value(listings[i]!);
  return out;
}

/**
 * Each column is computed when a filter first reads it: the first change a visitor makes (a type, say)
 * pays for one column rather than seven, however soon after the index arrived it comes (the idle-time
 * warm-up below may not have run yet on a busy phone).
 */
function buildColumns(listings: readonly Listing[], rates: Rates | null): Columns {
  return lazyFields<Columns>({
    type: () => coded(listings, (l) => l.type),
    category: () => coded(listings, (l) => l.category),
    state: () => coded(listings, (l) => l.state),
    amenities: () => Int32Array.from(listings, (l) => l.amenityMask),
    area: () => numbers(listings, (l) => amount(l.area)),
    price: () =>
      lazyFields<Columns['price']>({
        USD: () => numbers(listings, (l) => filterPrice(l, 'USD', rates)),
        CDF: () => numbers(listings, (l) => filterPrice(l, 'CDF', rates)),
      }),
    newestFirst: () => isNewestFirst(listings),
  });
}

/** Whether listings are in the catalogue's order already (the build writes the core so). */
export function isNewestFirst(listings: readonly Listing[]): boolean {
  // The core (catalogue.json) is written in the catalogue's order and its listings know their place in it.
  return (
    listings.every((l, i) => l.position === i) ||
    listings.every((l, i) => i === 0 || newestFirst(listings[i - 1]!, l) <= 0)
  );
}

/** One index's columns, kept while the index lives; listings are treated as immutable. */
const cache = new WeakMap<readonly Listing[], { rates: Rates | null; columns: Columns }>();

/** The columns of an index at `rates`, each computed on its first read and reused by every change after it. */
export function columnsOf(listings: readonly Listing[], rates: Rates | null): Columns {
  const hit = cache.get(listings);
  if (hit && hit.rates === rates) return hit.columns;
  const columns = buildColumns(listings, rates);
  cache.set(listings, { rates, columns });
  return columns;
}

/**
 * The idle-time warm-up of an index's columns at `rates` (see CatalogueApp): each call computes one more
 * column, so that no slice of idle time computes them all at once (decision 0046); answers true when none is
 * left for a change to compute.
 */
export function columnWarmer(listings: readonly Listing[], rates: Rates | null): () => boolean {
  const c = columnsOf(listings, rates);
  // Reading a field computes it: a column added to Columns is warmed too.
  const reads = [
    ...Object.keys(c).map((key) => () => c[key as keyof Columns]),
    ...Object.keys(c.price).map((key) => () => c.price[key as FilterCurrency]),
  ];
  let next = 0;
  return () => {
    reads[next++]?.();
    return next >= reads.length;
  };
}
