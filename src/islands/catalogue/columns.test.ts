import { describe, expect, it } from 'vitest';
import { AMENITIES, COMMUNES, PROPERTY_CATEGORIES, PROPERTY_TYPES } from '../../contract/enums.ts';
import type { Listing } from '../../shared/listing-index.ts';
import { amenityMask } from '../../shared/trust.ts';
import { FILTER_CURRENCIES } from '../../shared/enums.ts';
import { columnsOf, columnWarmer } from './columns.ts';
import { listing, prng, query } from './query-fixtures.ts';
import { filterListings, matches, type CatalogueQuery } from './query.ts';

const rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: null };

/** A mixed index: every type, category and currency, some communes never used, missing prices and areas. */
function index(seed: number, n: number): Listing[] {
  const r = prng(seed);
  const communes = COMMUNES.slice(0, 10);
  return Array.from({ length: n }, (_, i) => {
    const amenities = AMENITIES.filter(() => r.chance(0.3));
    return listing({
      id: i + 1,
      type: r.pick(PROPERTY_TYPES),
      category: r.pick(PROPERTY_CATEGORIES),
      state: r.pick(communes),
      price: r.chance(0.03) ? Number.NaN : r.int(5_000_000),
      currency: r.pick(['USD', 'CDF', 'EUR'] as const),
      area: r.chance(0.03) ? (null as unknown as number) : r.int(2000),
      createdDay: 19_000 + r.int(50),
      title: r.pick(['Villa', 'Maison', 'Appartement', 'Bureau']),
      amenities,
      amenityMask: amenityMask(amenities),
    });
  });
}

function randomQuery(r: ReturnType<typeof prng>): CatalogueQuery {
  const bound = (max: number) => (r.chance(0.5) ? r.int(max) : undefined);
  const minPrice = bound(2_000_000);
  const maxPrice = bound(4_000_000);
  const minArea = bound(1000);
  const maxArea = bound(2000);
  return query({
    type: r.chance(0.5) ? r.pick(PROPERTY_TYPES) : '',
    category: r.chance(0.5) ? r.pick(PROPERTY_CATEGORIES) : '',
    // Half of the picks are communes no listing of the index has.
    state: r.chance(0.5) ? r.pick(COMMUNES.slice(0, 20)) : '',
    currency: r.pick(FILTER_CURRENCIES),
    amenities: r.chance(0.5) ? amenityMask(AMENITIES.filter(() => r.chance(0.15))) : 0,
    q: r.chance(0.2) ? r.pick(['villa', 'mais', 'bureau appartement']) : '',
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...(minArea === undefined ? {} : { minArea }),
    ...(maxArea === undefined ? {} : { maxArea }),
  });
}

describe("the filter's columns", () => {
  it('give exactly the listings `matches` accepts, for 400 random queries, with and without rates', () => {
    const listings = index(7, 3000);
    const r = prng(8);
    for (let n = 0; n < 400; n++) {
      const q = randomQuery(r);
      const withRates = n % 2 === 0 ? rates : null;
      const expected = listings.filter((l) => matches(l, q, withRates));
      expect(new Set(filterListings(listings, q, withRates)), JSON.stringify(q)).toEqual(new Set(expected));
    }
  });

  it('are computed once per index and rates, and again for other rates', () => {
    const listings = index(9, 50);
    const first = columnsOf(listings, rates);
    expect(columnsOf(listings, rates)).toBe(first);
    const other = { ...rates, cdfPerUsd: 1400 };
    const again = columnsOf(listings, other);
    expect(again).not.toBe(first);
    const cdf = listings.findIndex((l) => l.currency === 'CDF' && l.price > 0);
    expect(again.price.USD[cdf]).toBeCloseTo(2 * first.price.USD[cdf]!);
    // Another array of the same listings is another index.
    expect(columnsOf([...listings], other)).not.toBe(again);
  });

  it('follow the rates into a new filter result: a CDF rental leaves a USD range when the franc is worth more', () => {
    const cdfRent = listing({ price: 2_000_000, currency: 'CDF' });
    const listings = [cdfRent];
    const usd = query({ minPrice: 500, maxPrice: 1000 });
    expect(filterListings(listings, usd, rates)).toEqual([cdfRent]);
    expect(filterListings(listings, usd, { ...rates, cdfPerUsd: 1800 })).toEqual([]);
  });
});

describe('a change that comes before the columns are warm', () => {
  it('computes only the columns its query reads: a type filter converts no price', () => {
    const rent = listing({ id: 1, type: 'rent' });
    const sale = listing({ id: 2, type: 'sale' });
    // A price read would throw: the type filter must not read (nor convert) any.
    for (const l of [rent, sale])
      Object.defineProperty(l, 'price', {
        get() {
          throw new Error('price read');
        },
      });
    expect(filterListings([rent, sale], query({ type: 'rent' }), rates)).toEqual([rent]);
    expect(() => filterListings([rent, sale], query({ minPrice: 100 }), rates)).toThrow('price read');
  });
});

describe('the columns’ warm-up in idle time', () => {
  it('computes one column a call until none is left for a change', () => {
    const listings = [listing({ id: 1, type: 'rent' }), listing({ id: 2, type: 'sale' })];
    let reads = 0;
    for (const l of listings)
      for (const field of ['type', 'category', 'state', 'amenityMask', 'area', 'price'] as const) {
        const value = l[field];
        Object.defineProperty(l, field, {
          get() {
            reads++;
            return value;
          },
        });
      }
    const warm = columnWarmer(listings, rates);
    const perCall: number[] = [];
    let done = false;
    while (!done) {
      const before = reads;
      done = warm();
      perCall.push(reads - before);
    }
    // Type, category, commune, amenities, area, then each currency's prices, one at a time; the order and the
    // wrapper of the prices read no listing.
    expect(perCall.filter((n) => n > 0).length).toBe(7);
    expect(Math.max(...perCall)).toBe(listings.length);
    // Warm: a change reads no listing's value any more.
    const before = reads;
    expect(filterListings(listings, query({ type: 'rent', minPrice: 1 }), rates)).toHaveLength(1);
    expect(reads).toBe(before);
  });
});
