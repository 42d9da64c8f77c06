import { describe, expect, it } from 'vitest';
import { marketStats, median, type PricedListing } from './market-stats.ts';

const rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: null };
const l = (o: Partial<PricedListing>): PricedListing => ({
  status: 'available',
  type: 'sale',
  category: 'house',
  price: 100,
  currency: 'USD',
  ...o,
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([1, 1, 1000])).toBe(1);
  });
});

describe('marketStats', () => {
  it('keeps rents and sales apart, by category, and leaves out what is off the market', () => {
    const stats = marketStats(
      [
        l({ price: 100_000 }),
        l({ price: 300_000 }),
        l({ price: 200_000, category: 'villa' }),
        l({ price: 9_000_000, status: 'sold' }),
        l({ price: 5_000_000, status: 'unavailable' }),
        l({ type: 'rent', price: 500, category: 'apartment' }),
        l({ type: 'rent', price: 1500, category: 'apartment', status: 'hot' }),
      ],
      rates,
    );
    expect(stats.total).toBe(5);
    expect(stats.rows).toEqual([
      { type: 'sale', category: null, count: 3, median: 200_000 },
      { type: 'sale', category: 'house', count: 2, median: 200_000 },
      { type: 'sale', category: 'villa', count: 1, median: 200_000 },
      { type: 'rent', category: null, count: 2, median: 1000 },
      { type: 'rent', category: 'apartment', count: 2, median: 1000 },
    ]);
  });

  it('converts every price into USD at the rate before taking the median', () => {
    const stats = marketStats(
      [
        l({ type: 'rent', price: 2_800_000, currency: 'CDF' }),
        l({ type: 'rent', price: 2000, currency: 'USD' }),
        l({ type: 'rent', price: 100, currency: 'EUR' }),
      ],
      rates,
    );
    // 1,000 USD, 2,000 USD and 110 USD: the middle is 1,000, not 100 nor 2,800,000.
    expect(stats.rows[0]).toEqual({ type: 'rent', category: null, count: 3, median: 1000 });
  });

  it('says nothing of an empty commune', () => {
    expect(marketStats([l({ status: 'sold' })], rates)).toEqual({ total: 0, rows: [] });
  });
});
