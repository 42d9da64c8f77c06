import { describe, expect, it } from 'vitest';
import { COMMUNES, PROPERTY_CATEGORIES, PROPERTY_TYPES } from '../../contract/enums.ts';
import type { Commune, PropertyCategory, PropertyType } from '../../contract/enums.ts';
import type { Listing } from '../../shared/listing-index.ts';
import {
  AREA_RANGE,
  DEFAULT_QUERY,
  PAGE_SIZE,
  PRICE_RANGE,
  filterListings,
  matches,
  normalizeText,
  pageWindow,
  paginate,
  parseQuery,
  toSearch,
  withChange,
} from './query.ts';
import type { CatalogueQuery, View } from './query.ts';

let nextId = 1;
function listing(over: Partial<Listing> = {}): Listing {
  return {
    id: nextId++,
    type: 'sale',
    category: 'house',
    state: 'Limete',
    price: 100_000,
    currency: 'USD',
    area: 200,
    bedrooms: 3,
    bathrooms: 2,
    lat: null,
    long: null,
    createdDay: 20_000,
    title: 'Maison familiale',
    address: 'Avenue de la Paix 12',
    media: [],
    mediaCount: 0,
    status: 'available',
    featured: false,
    ...over,
  };
}

const query = (over: Partial<CatalogueQuery> = {}): CatalogueQuery => ({ ...DEFAULT_QUERY, ...over });

/** mulberry32: a small seeded PRNG, so the generated cases are the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}

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
      minArea: 0,
      maxArea: 1000,
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

describe('paginate', () => {
  const items = Array.from({ length: 20 }, (_, i) => i + 1);

  it('slices pages of 9 with the "showing X to Y of Z" positions', () => {
    expect(paginate(items, 1)).toEqual({
      items: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      page: 1,
      pages: 3,
      from: 1,
      to: 9,
      total: 20,
    });
    expect(paginate(items, 2)).toMatchObject({ page: 2, pages: 3, from: 10, to: 18, total: 20 });
    expect(paginate(items, 3)).toEqual({ items: [19, 20], page: 3, pages: 3, from: 19, to: 20, total: 20 });
    expect(paginate(items.slice(0, 9), 1)).toMatchObject({ pages: 1, from: 1, to: 9 });
    expect(paginate(items.slice(0, 10), 2)).toMatchObject({ items: [10], pages: 2, from: 10, to: 10 });
  });

  it('clamps the page to [1, pages]', () => {
    expect(paginate(items, 99)).toMatchObject({ page: 3, items: [19, 20], from: 19, to: 20 });
    expect(paginate(items, 0)).toMatchObject({ page: 1, from: 1, to: 9 });
    expect(paginate(items, -5)).toMatchObject({ page: 1 });
    expect(paginate(items, Number.NaN)).toMatchObject({ page: 1 });
    expect(paginate(items, 2.5)).toMatchObject({ page: 2 });
  });

  it('has one empty page when there is nothing', () => {
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pages: 1, from: 0, to: 0, total: 0 });
    expect(paginate([], 7)).toEqual({ items: [], page: 1, pages: 1, from: 0, to: 0, total: 0 });
  });

  it('takes another page size', () => {
    expect(paginate(items, 2, 5)).toMatchObject({ items: [6, 7, 8, 9, 10], pages: 4, from: 6, to: 10 });
  });
});

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 3, 4, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 3, 'ellipsis', 6]],
    [4, 6, [1, 2, 3, 4, 5, 6]],
    [1, 7, [1, 2, 3, 'ellipsis', 7]],
    [1, 10, [1, 2, 3, 'ellipsis', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'ellipsis', 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, 'ellipsis', 10]],
    [6, 10, [1, 'ellipsis', 4, 5, 6, 7, 8, 9, 10]],
    [6, 12, [1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 12]],
    [10, 10, [1, 'ellipsis', 8, 9, 10]],
    [99, 10, [1, 'ellipsis', 8, 9, 10]],
    [0, 10, [1, 2, 3, 'ellipsis', 10]],
    [1, 0, [1]],
  ] as const)('(%i, %i) → %j', (current, pages, expected) => {
    expect(pageWindow(current, pages)).toEqual(expected);
  });

  it('always shows the first, the last and every page within 2, and an ellipsis only for 2+ pages', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const w = pageWindow(current, pages);
        const shown = w.filter((x): x is number => x !== 'ellipsis');
        expect(shown[0]).toBe(1);
        expect(shown[shown.length - 1]).toBe(pages);
        for (let p = Math.max(1, current - 2); p <= Math.min(pages, current + 2); p++)
          expect(shown).toContain(p);
        let prev = 0;
        for (let i = 0; i < w.length; i++) {
          const x = w[i];
          if (x === 'ellipsis') {
            const after = w[i + 1];
            expect(typeof after).toBe('number');
            expect((after as number) - prev).toBeGreaterThan(2);
          } else {
            if (w[i - 1] !== 'ellipsis') expect(x).toBe(prev + 1);
            prev = x as number;
          }
        }
      }
    }
  });
});
