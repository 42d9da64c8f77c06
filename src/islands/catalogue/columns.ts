import { amount, filterPrice } from '../../shared/catalogue-filter.ts';
import type { Listing } from '../../shared/listing-index.ts';
import type { Rates } from '../../shared/money.ts';
import type { FilterCurrency } from '../../shared/enums.ts';

/**
 * The catalogue's filter reads, for every listing, the same few values on every change: its type, category,
 * commune, amenities, area and its price in the filter's currency. Issue 11 made that price a conversion per
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
  type: CodedColumn;
  category: CodedColumn;
  state: CodedColumn;
  amenities: Int32Array;
  area: Float64Array;
  /** The price in each filter currency, converted once. */
  price: Record<FilterCurrency, Float64Array>;
  /** Whether the index is already newest first (the build writes it so): every subset of it is too. */
  newestFirst: boolean;
}

/** The catalogue's order (spec §2): newest first, then the higher id. */
export const newestFirst = (a: Listing, b: Listing) => b.createdDay - a.createdDay || b.id - a.id;

function buildColumns(listings: readonly Listing[], rates: Rates | null): Columns {
  const n = listings.length;
  const amenities = new Int32Array(n);
  const area = new Float64Array(n);
  const usd = new Float64Array(n);
  const cdf = new Float64Array(n);
  listings.forEach((l, i) => {
    amenities[i] = l.amenityMask;
    area[i] = amount(l.area);
    usd[i] = filterPrice(l, 'USD', rates);
    cdf[i] = filterPrice(l, 'CDF', rates);
  });
  return {
    type: coded(listings, (l) => l.type),
    category: coded(listings, (l) => l.category),
    state: coded(listings, (l) => l.state),
    amenities,
    area,
    price: { USD: usd, CDF: cdf },
    newestFirst: isNewestFirst(listings),
  };
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

/** The columns of an index at `rates`, computed on the first filter and reused by every change after it. */
export function columnsOf(listings: readonly Listing[], rates: Rates | null): Columns {
  const hit = cache.get(listings);
  if (hit && hit.rates === rates) return hit.columns;
  const columns = buildColumns(listings, rates);
  cache.set(listings, { rates, columns });
  return columns;
}
