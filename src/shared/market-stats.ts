/**
 * Counts and median prices of the listings on the market (the commune pages; decision 0029),
 * computed at build time from the listings themselves. A rent is a monthly amount and a sale price a total:
 * the two are never mixed in one median. Prices in other currencies are converted into one (USD) at the
 * build's rate first, so a median compares like with like.
 */
import {
  PROPERTY_CATEGORIES,
  PROPERTY_TYPES,
  type Currency,
  type PropertyCategory,
  type PropertyStatus,
  type PropertyType,
} from './enums.ts';
import { isOnTheMarket } from './market.ts';
import { convert, type Rates } from './money.ts';

/** The currency every median is given in. */
export const STATS_CURRENCY: Currency = 'USD';

/** The middle value (the mean of the two middle ones for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface PricedListing {
  status: PropertyStatus;
  type: PropertyType;
  category: PropertyCategory;
  price: number;
  currency: Currency;
}

export interface StatsRow {
  type: PropertyType;
  /** Null for the row of every category of this type. */
  category: PropertyCategory | null;
  count: number;
  /** Median price in STATS_CURRENCY, rounded to the unit (per month for a rent). */
  median: number;
}

export interface MarketStats {
  /** Listings on the market. */
  total: number;
  /** Per type, one row for the type (category null) then one per category that has listings. */
  rows: StatsRow[];
}

/** The stats of the listings given that are on the market; the others are left out. */
export function marketStats(listings: readonly PricedListing[], rates: Rates): MarketStats {
  const open = listings.filter((l) => isOnTheMarket(l.status));
  const rows: StatsRow[] = [];
  const row = (type: PropertyType, category: PropertyCategory | null) => {
    const prices = open
      .filter((l) => l.type === type && (category === null || l.category === category))
      .map((l) => convert(l.price, l.currency, STATS_CURRENCY, rates));
    const m = median(prices);
    if (m !== null) rows.push({ type, category, count: prices.length, median: Math.round(m) });
  };
  for (const type of PROPERTY_TYPES) {
    row(type, null);
    for (const category of PROPERTY_CATEGORIES) row(type, category);
  }
  return { total: open.length, rows };
}
