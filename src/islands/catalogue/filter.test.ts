import { describe, expect, it } from 'vitest';
import { COMMUNES, PROPERTY_CATEGORIES, PROPERTY_TYPES } from '../../contract/enums.ts';
import type { Commune, PropertyCategory, PropertyType } from '../../contract/enums.ts';
import type { Listing } from '../../shared/listing-index.ts';
import { currencyChange, DEFAULT_QUERY, filterListings, matches, parseQuery, toSearch } from './query.ts';

import { listing, prng, query } from './query-fixtures.ts';

describe('matches', () => {
  const villaGombe = listing({
    title: 'Élégante villa avec piscine',
    address: 'Avenue du Fleuve 4',
    state: 'Gombe',
    category: 'villa',
    type: 'sale',
    price: 450_000,
    area: 600,
  });
  const kasaVubu = listing({ title: 'Appartement', address: 'Rue Kabinda', state: 'Kasa-Vubu' });

  it('matches everything with the default query', () => {
    expect(matches(villaGombe, DEFAULT_QUERY)).toBe(true);
    expect(matches(kasaVubu, DEFAULT_QUERY)).toBe(true);
  });

  it('finds every word of the text in title, address or commune, ignoring case and accents', () => {
    for (const q of [
      'villa gombe',
      'VILLA',
      'elegante',
      'ÉLÉGANTE Gombe',
      'fleuve piscine',
      'gom',
      '  villa  ',
    ]) {
      expect(matches(villaGombe, query({ q })), q).toBe(true);
    }
    for (const q of ['villa limete', 'jardin', 'gombe appartement']) {
      expect(matches(villaGombe, query({ q })), q).toBe(false);
    }
    for (const q of ['kasa vubu', 'kasa-vubu', 'Kasa-Vubu', 'KASA', 'kabinda appartement']) {
      expect(matches(kasaVubu, query({ q })), q).toBe(true);
    }
  });

  it('compares type, category and commune exactly when set', () => {
    expect(matches(villaGombe, query({ type: 'sale' }))).toBe(true);
    expect(matches(villaGombe, query({ type: 'rent' }))).toBe(false);
    expect(matches(villaGombe, query({ category: 'villa' }))).toBe(true);
    expect(matches(villaGombe, query({ category: 'house' }))).toBe(false);
    expect(matches(villaGombe, query({ state: 'Gombe' }))).toBe(true);
    expect(matches(villaGombe, query({ state: 'Ngaliema' }))).toBe(false);
  });

  it('applies price and area ranges inclusively', () => {
    expect(matches(villaGombe, query({ minPrice: 450_000, maxPrice: 450_000 }))).toBe(true);
    expect(matches(villaGombe, query({ minPrice: 450_001 }))).toBe(false);
    expect(matches(villaGombe, query({ maxPrice: 449_999 }))).toBe(false);
    expect(matches(villaGombe, query({ minArea: 600, maxArea: 600 }))).toBe(true);
    expect(matches(villaGombe, query({ minArea: 601 }))).toBe(false);
    expect(matches(villaGombe, query({ maxArea: 599 }))).toBe(false);
  });

  it('treats a range in the wrong order as swapped', () => {
    expect(matches(villaGombe, query({ minPrice: 500_000, maxPrice: 400_000 }))).toBe(true);
    expect(matches(villaGombe, query({ minArea: 700, maxArea: 650 }))).toBe(false);
  });

  it('counts a missing price or area as 0', () => {
    const noPrice = listing({ price: Number.NaN });
    const noArea = listing({ area: null as unknown as number });
    for (const l of [noPrice, noArea]) {
      expect(matches(l, DEFAULT_QUERY)).toBe(true);
    }
    expect(matches(noPrice, query({ minPrice: 1 }))).toBe(false);
    expect(matches(noPrice, query({ maxPrice: 0 }))).toBe(true);
    expect(matches(noArea, query({ minArea: 1 }))).toBe(false);
    expect(matches(noArea, query({ maxArea: 0 }))).toBe(true);
    expect(matches(noArea, query({ minPrice: 1 }))).toBe(true);
  });

  it('does not apply a bound equal to its default', () => {
    const cdf = listing({ currency: 'CDF', price: 1_425_000_000 });
    const plot = listing({ category: 'land', area: 5000 });
    expect(matches(cdf, DEFAULT_QUERY)).toBe(true);
    expect(matches(plot, DEFAULT_QUERY)).toBe(true);
    expect(matches(cdf, query({ minPrice: 1_000_000 }))).toBe(true);
    expect(matches(plot, query({ minArea: 1000 }))).toBe(true);
    // A bound the visitor changed does filter.
    expect(matches(cdf, query({ maxPrice: 26_999_999 }))).toBe(false);
    expect(matches(cdf, query({ maxPrice: 2_000_000_000 }))).toBe(true);
    expect(matches(plot, query({ maxArea: 999 }))).toBe(false);
    expect(matches(plot, query({ minArea: 5001 }))).toBe(false);
  });

  it('combines every filter', () => {
    const q = query({
      q: 'villa fleuve',
      type: 'sale',
      category: 'villa',
      state: 'Gombe',
      minPrice: 400_000,
      maxPrice: 500_000,
      minArea: 500,
      maxArea: 700,
    });
    expect(matches(villaGombe, q)).toBe(true);
    const variants: Partial<Listing>[] = [
      { title: 'Belle maison' },
      { type: 'rent' },
      { category: 'house' },
      { state: 'Lemba' },
      { price: 399_999 },
      { price: 500_001 },
      { area: 499 },
      { area: 701 },
    ];
    for (const v of variants) expect(matches({ ...villaGombe, ...v }, q), JSON.stringify(v)).toBe(false);
  });

  it('ignores page and view', () => {
    expect(matches(villaGombe, query({ page: 40, view: 'map' }))).toBe(true);
  });
});

describe('filterListings', () => {
  it('returns the matches newest first, then by id, in a new array', () => {
    const a = listing({ id: 1001, createdDay: 100 });
    const b = listing({ id: 1002, createdDay: 300 });
    const c = listing({ id: 1003, createdDay: 200, type: 'rent' });
    const d = listing({ id: 1004, createdDay: 300 });
    const input = [a, b, c, d];
    expect(filterListings(input, DEFAULT_QUERY)).toEqual([d, b, c, a]);
    expect(filterListings(input, query({ type: 'sale' }))).toEqual([d, b, a]);
    expect(input).toEqual([a, b, c, d]);
    const sorted = [d, b, c, a];
    const out = filterListings(sorted, DEFAULT_QUERY);
    expect(out).toEqual(sorted);
    expect(out).not.toBe(sorted);
    expect(filterListings([], DEFAULT_QUERY)).toEqual([]);
  });

  it('filters 10,000 listings correctly, twice (the second time from the text cache)', () => {
    const r = prng(42);
    const words = ['Villa', 'Maison', 'Appartement', 'Bureau', 'Terrain', 'Élégante', 'Duplex', 'Studio'];
    const streets = ['Avenue du Fleuve', 'Boulevard du 30 Juin', "Rue de l'Église", 'Avenue Kasa-Vubu'];
    const listings: Listing[] = [];
    for (let i = 0; i < 10_000; i++) {
      listings.push(
        listing({
          id: i + 1,
          type: r.pick<PropertyType>(PROPERTY_TYPES),
          category: r.pick<PropertyCategory>(PROPERTY_CATEGORIES),
          state: r.pick<Commune>(COMMUNES),
          price: r.chance(0.02) ? Number.NaN : r.int(3_000_000),
          currency: 'USD',
          area: r.chance(0.02) ? (null as unknown as number) : r.int(2000),
          createdDay: 19_000 + r.int(1500),
          title: `${r.pick(words)} ${r.pick(words)}`,
          address: `${r.pick(streets)} ${r.int(200)}`,
        }),
      );
    }
    const q = query({
      q: 'villa fleuve',
      type: 'sale',
      minPrice: 100_000,
      maxPrice: 2_000_000,
      maxArea: 1500,
    });
    // An independent, naive version of the same rules.
    const expected = listings.filter((l) => {
      const text = `${l.title} ${l.address} ${l.state}`.toLowerCase();
      const price = Number.isFinite(l.price) ? l.price : 0;
      const area = l.area ?? 0;
      return (
        text.includes('villa') &&
        text.includes('fleuve') &&
        l.type === 'sale' &&
        price >= 100_000 &&
        price <= 2_000_000 &&
        area <= 1500
      );
    });
    expect(expected.length).toBeGreaterThan(50);
    for (let run = 0; run < 2; run++) {
      const out = filterListings(listings, q);
      expect(out).toHaveLength(expected.length);
      expect(new Set(out)).toEqual(new Set(expected));
      for (let i = 1; i < out.length; i++) {
        const prev = out[i - 1] as Listing;
        const cur = out[i] as Listing;
        expect(
          prev.createdDay > cur.createdDay || (prev.createdDay === cur.createdDay && prev.id > cur.id),
        ).toBe(true);
      }
    }
    expect(filterListings(listings, DEFAULT_QUERY)).toHaveLength(10_000);
    expect(filterListings(listings, query({ q: 'kasa vubu' })).length).toBe(
      listings.filter((l) => l.state === 'Kasa-Vubu' || l.address.includes('Kasa-Vubu')).length,
    );
  });
});

describe('the price filter across currencies', () => {
  const rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: null };
  const cdfRent = listing({ type: 'rent', price: 2_000_000, currency: 'CDF' });
  const usdRent = listing({ type: 'rent', price: 1200, currency: 'USD' });
  const eurRent = listing({ type: 'rent', price: 800, currency: 'EUR' });

  it('compares a CDF price with USD bounds at the rate: 2,000,000 CDF at 2,800 is within 500–1,000 USD', () => {
    const usd = query({ minPrice: 500, maxPrice: 1000 });
    expect(matches(cdfRent, usd, rates)).toBe(true);
    expect(matches(usdRent, usd, rates)).toBe(false);
    expect(matches(eurRent, usd, rates)).toBe(true); // 880 USD
    // At another rate the same listing leaves the range.
    expect(matches(cdfRent, usd, { ...rates, cdfPerUsd: 1800 })).toBe(false);
  });

  it('compares USD prices with CDF bounds', () => {
    const cdf = query({ currency: 'CDF', minPrice: 3_000_000, maxPrice: 4_000_000 });
    expect(matches(usdRent, cdf, rates)).toBe(true); // 3,360,000 CDF
    expect(matches(cdfRent, cdf, rates)).toBe(false);
    expect(filterListings([cdfRent, usdRent, eurRent], cdf, rates)).toEqual([usdRent]);
  });

  it('keeps the currency in the URL', () => {
    const q = query({ currency: 'CDF', minPrice: 1_400_000 });
    expect(toSearch(q)).toBe('?minPrice=1400000&currency=CDF');
    expect(parseQuery('?currency=cdf&maxPrice=9')).toMatchObject({ currency: 'CDF', maxPrice: 9 });
    expect(parseQuery('?currency=EUR').currency).toBe('USD');
  });

  it('carries the bounds the visitor set into the new currency', () => {
    const usd = query({ minPrice: 500, maxPrice: 1000 });
    expect(currencyChange(usd, 'CDF', rates)).toEqual({
      currency: 'CDF',
      minPrice: 1_400_000,
      maxPrice: 2_800_000,
    });
    expect(currencyChange(query({ currency: 'CDF', maxPrice: 2_000_000 }), 'USD', rates)).toEqual({
      currency: 'USD',
      minPrice: 0,
      maxPrice: 714,
    });
    expect(currencyChange(usd, 'USD', rates)).toEqual({});
  });

  it('filters 10,000 listings in a few milliseconds', () => {
    const r = prng(11);
    const many: Listing[] = Array.from({ length: 10_000 }, () =>
      listing({ price: r.int(3_000_000), currency: r.pick(['USD', 'CDF', 'EUR'] as const) }),
    );
    const q = query({ currency: 'CDF', minPrice: 1_000_000, maxPrice: 2_000_000 });
    filterListings(many, q, rates);
    const start = performance.now();
    for (let i = 0; i < 10; i++) filterListings(many, q, rates);
    expect((performance.now() - start) / 10).toBeLessThan(20);
  });
});
