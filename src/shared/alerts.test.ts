import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.ts';
import { describeFilters } from './alerts.ts';
import { DEFAULT_FILTERS, filterPredicate } from './catalogue-filter.ts';

const f = (over: Partial<typeof DEFAULT_FILTERS>) => ({ ...DEFAULT_FILTERS, ...over });

describe('describeFilters: an alert in words', () => {
  it('says each filter that filters, in the reader’s language', () => {
    const filters = f({
      type: 'rent',
      category: 'apartment',
      state: 'Gombe',
      minPrice: 500,
      maxPrice: 1000,
      maxArea: 120,
      amenities: 0b1001,
      q: 'Vue fleuve',
    });
    expect(describeFilters(filters, translator('fr'))).toBe(
      'À louer · Appartement · Gombe · 500 – 1,000 USD · jusqu\'à 120 m² · Groupe électrogène · Forage · "Vue fleuve"',
    );
    expect(describeFilters(f({ minPrice: 2_000_000, currency: 'CDF' }), translator('en'))).toBe(
      'from 2,000,000 CDF',
    );
  });

  it('names no filter as every new listing', () => {
    expect(describeFilters(DEFAULT_FILTERS, translator('fr'))).toBe('toutes les nouvelles annonces');
    expect(describeFilters(DEFAULT_FILTERS, translator('ln'))).toBe('ba annonce nyonso ya sika');
  });
});

describe('filterPredicate on a server row', () => {
  it('matches a row shaped like the database’s as the catalogue matches its index', () => {
    const row = {
      type: 'rent' as const,
      category: 'house' as const,
      state: 'Limete',
      price: 2_000_000,
      currency: 'CDF' as const,
      area: 200,
      amenityMask: 0b1,
      title: 'Maison à Limete',
      address: '3e rue',
    };
    const rates = { cdfPerUsd: 2850, usdPerEur: 1.08, setAt: null };
    expect(filterPredicate(f({ state: 'Limete', maxPrice: 800 }), rates)(row)).toBe(true);
    expect(filterPredicate(f({ state: 'Limete', maxPrice: 600 }), rates)(row)).toBe(false);
    expect(filterPredicate(f({ amenities: 0b11 }), rates)(row)).toBe(false);
    expect(filterPredicate(f({ q: 'maison limete' }), rates)(row)).toBe(true);
  });
});
