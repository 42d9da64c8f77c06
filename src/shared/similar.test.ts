import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { similarIds, similarIndex, similarity, type Comparable } from './similar.ts';

const rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: null };
const home: Comparable = {
  id: 1,
  status: 'available',
  type: 'rent',
  category: 'apartment',
  state: 'Gombe',
  price: 1000,
  currency: 'USD',
};
const c = (id: number, o: Partial<Comparable> = {}): Comparable => ({ ...home, id, ...o });

describe('similarity', () => {
  it('is 0 for the listing itself, another type or category, or a listing off the market', () => {
    expect(similarity(home, home, rates)).toBe(0);
    expect(similarity(home, c(2, { type: 'sale' }), rates)).toBe(0);
    expect(similarity(home, c(2, { category: 'house' }), rates)).toBe(0);
    expect(similarity(home, c(2, { status: 'sold' }), rates)).toBe(0);
    expect(similarity(home, c(2, { status: 'unavailable' }), rates)).toBe(0);
    expect(similarity(home, c(2, { status: 'hot' }), rates)).toBe(3);
  });

  it('counts the same commune first, then a price close to the listing', () => {
    const sameEverything = similarity(home, c(2), rates);
    const sameCommuneFar = similarity(home, c(3, { price: 5000 }), rates);
    const otherCommuneSamePrice = similarity(home, c(4, { state: 'Lemba' }), rates);
    const otherCommuneNear = similarity(home, c(5, { state: 'Lemba', price: 1300 }), rates);
    expect(sameEverything).toBe(3);
    expect(sameCommuneFar).toBe(2);
    expect(otherCommuneSamePrice).toBe(1);
    expect(otherCommuneNear).toBeGreaterThan(0.5);
    expect(otherCommuneNear).toBeLessThan(1);
    // Outside the band (1.5 times the price either way) in another commune: not similar at all.
    expect(similarity(home, c(6, { state: 'Lemba', price: 1600 }), rates)).toBe(0);
    expect(similarity(home, c(7, { state: 'Lemba', price: 600 }), rates)).toBe(0);
  });

  it('compares prices in one currency at the rate', () => {
    // 2,800,000 CDF is 1,000 USD: the same price.
    expect(similarity(home, c(2, { state: 'Lemba', price: 2_800_000, currency: 'CDF' }), rates)).toBe(1);
    expect(similarity(home, c(3, { state: 'Lemba', price: 1000, currency: 'CDF' }), rates)).toBe(0);
  });
});

describe('similarIds', () => {
  it('keeps the best four, best first, newest first among equals, never the listing itself', () => {
    const all = [
      home,
      c(2, { state: 'Lemba', price: 1100 }),
      c(3),
      c(4),
      c(5, { state: 'Lemba', price: 1400 }),
      c(6, { price: 4000 }),
      c(7, { state: 'Lemba', price: 9000 }),
      c(8, { type: 'sale' }),
    ];
    expect(similarIds(home, all, rates)).toEqual([4, 3, 6, 2]);
    expect(similarIds(home, all, rates, 10)).toEqual([4, 3, 6, 2, 5]);
    expect(similarIds(home, [home], rates)).toEqual([]);
  });

  it('gives every listing of a build the same answer as one by one', () => {
    const all = Array.from({ length: 40 }, (_, i) =>
      c(i + 1, {
        type: i % 2 ? 'rent' : 'sale',
        category: i % 3 ? 'house' : 'apartment',
        state: i % 4 ? 'Gombe' : 'Limete',
        price: 500 + ((i * 137) % 900),
        status: i % 7 ? 'available' : 'sold',
      }),
    );
    const index = similarIndex(all, rates);
    for (const l of all) expect(index.get(l.id)).toEqual(similarIds(l, all, rates));
  });
});

describe('similarIndex', () => {
  const communes = ['Gombe', 'Limete', 'Lemba', 'Ngaliema'] as const;
  const statuses = ['available', 'hot', 'sold', 'unavailable'] as const;
  const listing = fc.record({
    type: fc.constantFrom('rent', 'sale'),
    category: fc.constantFrom('apartment', 'house'),
    state: fc.constantFrom(...communes),
    // Few distinct prices, so scores tie often and the order among equals is checked too.
    price: fc.oneof(
      fc.constantFrom(0, 500, 700, 750, 1000, 1500, 1501, 2_800_000),
      fc.integer({ min: 1, max: 5000 }),
    ),
    currency: fc.constantFrom('USD', 'CDF', 'EUR'),
    status: fc.constantFrom(...statuses),
  });

  it('answers as similarIds does for each listing (random builds)', () => {
    fc.assert(
      fc.property(fc.array(listing, { maxLength: 80 }), fc.integer({ min: 1, max: 6 }), (drawn, count) => {
        const all = drawn.map((l, i) => ({ ...l, id: i + 1 }) as Comparable);
        const index = similarIndex(all, rates, count);
        for (const l of all) expect(index.get(l.id)).toEqual(similarIds(l, all, rates, count));
      }),
      { numRuns: 300 },
    );
  });
});
