import { describe, expect, it } from 'vitest';
import { COMMUNES, PROPERTY_CATEGORIES, PROPERTY_TYPES } from '../../contract/enums.ts';
import {
  AREA_RANGE,
  DEFAULT_QUERY,
  PAGE_SIZE,
  PRICE_RANGE,
  normalizeText,
  parseQuery,
  toSearch,
  withChange,
} from './query.ts';
import type { CatalogueQuery, View } from './query.ts';

import { prng, query } from './query-fixtures.ts';

describe('constants and defaults', () => {
  it('follows spec §5 and §9', () => {
    expect(PAGE_SIZE).toBe(9);
    expect(PRICE_RANGE).toEqual({ min: 0, max: 27_000_000 });
    expect(AREA_RANGE).toEqual({ min: 0, max: 1000 });
    expect(DEFAULT_QUERY).toEqual({
      q: '',
      type: '',
      category: '',
      state: '',
      minPrice: 0,
      maxPrice: 27_000_000,
      currency: 'USD',
      minArea: 0,
      maxArea: 1000,
      amenities: 0,
      page: 1,
      view: 'grid',
    });
  });
});

describe('parseQuery', () => {
  it('gives the defaults for an empty search', () => {
    for (const s of ['', '?', '?foo=bar', new URLSearchParams()])
      expect(parseQuery(s)).toEqual(DEFAULT_QUERY);
  });

  it('reads every field, from a string with or without "?" or from URLSearchParams', () => {
    const s =
      'q=villa+gombe&type=rent&category=villa&state=Mont-Ngafula&minPrice=1000&maxPrice=5000.5&minArea=10&maxArea=300&page=4&view=map';
    const expected = query({
      q: 'villa gombe',
      type: 'rent',
      category: 'villa',
      state: 'Mont-Ngafula',
      minPrice: 1000,
      maxPrice: 5000.5,
      minArea: 10,
      maxArea: 300,
      page: 4,
      view: 'map',
    });
    expect(parseQuery(s)).toEqual(expected);
    expect(parseQuery(`?${s}`)).toEqual(expected);
    expect(parseQuery(new URLSearchParams(s))).toEqual(expected);
  });

  it('accepts every type, category and one of the 24 communes of the contract, and nothing else', () => {
    for (const type of PROPERTY_TYPES) expect(parseQuery(`?type=${type}`).type).toBe(type);
    for (const category of PROPERTY_CATEGORIES)
      expect(parseQuery(`?category=${category}`).category).toBe(category);
    expect(COMMUNES).toHaveLength(24);
    for (const state of COMMUNES) expect(parseQuery(`?state=${encodeURIComponent(state)}`).state).toBe(state);
    expect(parseQuery('?type=xyz').type).toBe('');
    expect(parseQuery('?category=castle').category).toBe('');
    expect(parseQuery('?state=Paris').state).toBe('');
    expect(parseQuery('?state=Kasa Vubu').state).toBe('');
    expect(parseQuery('?state=').state).toBe('');
  });

  it('canonicalises the case of a hand-typed value', () => {
    expect(parseQuery('?type=SALE&category=Villa&state=mont-ngafula&view=LIST')).toEqual(
      query({ type: 'sale', category: 'villa', state: 'Mont-Ngafula', view: 'list' }),
    );
  });

  it('falls back to the default for an invalid or negative amount', () => {
    for (const bad of ['abc', '', ' ', '-1', '-0.5', 'Infinity', 'NaN', '12abc']) {
      const p = parseQuery(`?minPrice=${bad}&maxPrice=${bad}&minArea=${bad}&maxArea=${bad}`);
      expect(p, bad).toEqual(DEFAULT_QUERY);
    }
    expect(Object.is(parseQuery('?minPrice=-0').minPrice, 0)).toBe(true);
    expect(parseQuery('?minPrice=0&maxPrice=0')).toEqual(query({ minPrice: 0, maxPrice: 0 }));
  });

  it('reads the page as a whole number of at least 1', () => {
    const page = (raw: string) => parseQuery(`?page=${raw}`).page;
    expect(page('3')).toBe(3);
    expect(page('2.7')).toBe(2);
    expect(page('0')).toBe(1);
    expect(page('-3')).toBe(1);
    expect(page('abc')).toBe(1);
    expect(page('')).toBe(1);
    expect(page('0.5')).toBe(1);
  });

  it('falls back to the grid for an unknown view', () => {
    expect(parseQuery('?view=list').view).toBe('list');
    expect(parseQuery('?view=map').view).toBe('map');
    expect(parseQuery('?view=table').view).toBe('grid');
  });

  it('trims the text and caps it at 100 characters', () => {
    expect(parseQuery('?q=%20%20villa%20%20').q).toBe('villa');
    expect(parseQuery('?q=+++').q).toBe('');
    const long = 'a'.repeat(150);
    expect(parseQuery(`?q=${long}`).q).toBe('a'.repeat(100));
    // A cut that would leave a space at the end, or half an emoji, drops it.
    expect(parseQuery(`?q=${'b'.repeat(99)}%20cdef`).q).toBe('b'.repeat(99));
    expect(parseQuery(`?q=${'c'.repeat(99)}${encodeURIComponent('🏠')}`).q).toBe('c'.repeat(99));
  });

  it('swaps a range given in the wrong order', () => {
    expect(parseQuery('?minPrice=500&maxPrice=100')).toEqual(query({ minPrice: 100, maxPrice: 500 }));
    expect(parseQuery('?minArea=900&maxArea=50')).toEqual(query({ minArea: 50, maxArea: 900 }));
    // Only an absent max: the default max filters nothing, so "from 30 M" stays "from 30 M".
    expect(parseQuery('?minPrice=30000000')).toEqual(query({ minPrice: 30_000_000 }));
    expect(parseQuery('?minArea=5000')).toEqual(query({ minArea: 5000 }));
  });
});

describe('toSearch', () => {
  it('is empty when everything is default', () => {
    expect(toSearch(DEFAULT_QUERY)).toBe('');
    expect(toSearch(query({ page: 1, view: 'grid', minPrice: 0, maxArea: 1000 }))).toBe('');
  });

  it('writes only the values that differ, in a fixed order', () => {
    const all = query({
      view: 'list',
      page: 3,
      maxArea: 800,
      minArea: 20,
      maxPrice: 900_000,
      minPrice: 1000,
      state: 'Kasa-Vubu',
      category: 'land',
      type: 'sale',
      q: "l'avenue & co",
    });
    expect(toSearch(all)).toBe(
      '?q=l%27avenue+%26+co&type=sale&category=land&state=Kasa-Vubu&minPrice=1000&maxPrice=900000&minArea=20&maxArea=800&page=3&view=list',
    );
    expect(toSearch(query({ state: 'Gombe', page: 2 }))).toBe('?state=Gombe&page=2');
    expect(toSearch(query({ view: 'map' }))).toBe('?view=map');
  });

  it('round-trips every valid query', () => {
    const r = prng(20240611);
    const chars = ['a', 'é', 'Z', ' ', '-', "'", '&', '=', '+', '%', '#', '?', '/', '🏠', 'ñ', '"', '<', '0'];
    const amount = (def: number) =>
      r.chance(0.3) ? def : r.pick([0, r.int(2_000_000_000), r.int(5000), Math.round(r.next() * 1e6) / 100]);
    for (let i = 0; i < 3000; i++) {
      let q = '';
      const len = r.int(12);
      for (let j = 0; j < len; j++) q += r.pick(chars);
      if (r.chance(0.05)) q = 'x'.repeat(100);
      const x = query({
        q: q.trim(),
        type: r.chance(0.5) ? '' : r.pick(PROPERTY_TYPES),
        category: r.chance(0.5) ? '' : r.pick(PROPERTY_CATEGORIES),
        state: r.chance(0.5) ? '' : r.pick(COMMUNES),
        minPrice: amount(PRICE_RANGE.min),
        maxPrice: amount(PRICE_RANGE.max),
        currency: r.pick(['USD', 'CDF'] as const),
        minArea: amount(AREA_RANGE.min),
        maxArea: amount(AREA_RANGE.max),
        page: r.chance(0.5) ? 1 : 1 + r.int(500),
        view: r.pick<View>(['grid', 'list', 'map']),
      });
      // Valid means: two bounds the URL would carry are in order (parseQuery swaps them otherwise).
      for (const [lo, hi, def] of [
        ['minPrice', 'maxPrice', PRICE_RANGE.max],
        ['minArea', 'maxArea', AREA_RANGE.max],
      ] as const) {
        if (x[hi] !== def && x[lo] > x[hi]) [x[lo], x[hi]] = [x[hi], x[lo]];
      }
      const s = toSearch(x);
      expect(parseQuery(s), s).toEqual(x);
    }
  });
});

describe('withChange', () => {
  const onPage3 = query({ q: 'villa', page: 3 });

  it('returns to page 1 on any filter change', () => {
    const patches: Partial<CatalogueQuery>[] = [
      { q: 'maison' },
      { type: 'rent' },
      { category: 'office' },
      { state: 'Gombe' },
      { minPrice: 10 },
      { maxPrice: 10 },
      { minArea: 10 },
      { maxArea: 10 },
      { q: '' },
    ];
    for (const patch of patches) {
      const next = withChange(onPage3, patch);
      expect(next, JSON.stringify(patch)).toEqual({ ...onPage3, ...patch, page: 1 });
    }
  });

  it('returns to page 1 even when the patch also names a page', () => {
    expect(withChange(onPage3, { type: 'sale', page: 5 })).toEqual({ ...onPage3, type: 'sale', page: 1 });
  });

  it('keeps the page for a page or view change', () => {
    expect(withChange(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
    expect(withChange(onPage3, { view: 'list' })).toEqual({ ...onPage3, view: 'list' });
    expect(withChange(onPage3, { view: 'map', page: 2 })).toEqual({ ...onPage3, view: 'map', page: 2 });
    expect(withChange(onPage3, { page: 2.9 }).page).toBe(2);
    expect(withChange(onPage3, { page: 0 }).page).toBe(1);
  });

  it('keeps the page, and the same object, when a filter is set to the value it has', () => {
    expect(withChange(onPage3, { q: 'villa' })).toBe(onPage3);
    expect(withChange(onPage3, { maxPrice: PRICE_RANGE.max, page: 3 })).toBe(onPage3);
    expect(withChange(onPage3, {})).toBe(onPage3);
    expect(withChange(onPage3, { q: undefined })).toBe(onPage3);
  });

  it('does not modify its input', () => {
    const before = { ...onPage3 };
    withChange(onPage3, { type: 'rent' });
    expect(onPage3).toEqual(before);
  });
});

describe('normalizeText', () => {
  it.each([
    ['Mont-Ngafula', 'mont ngafula'],
    ['Kasa-Vubu', 'kasa vubu'],
    ['Élégante VILLA', 'elegante villa'],
    ["  L'Avenue   du  Port ", 'l avenue du port'],
    ['Ngiri-Ngiri, 3ème rue!', 'ngiri ngiri 3eme rue'],
    ['ÇA COÛTE — 1 000 $', 'ca coute 1 000'],
    ['', ''],
    ['---', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});
