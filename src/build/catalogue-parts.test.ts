import { describe, expect, it } from 'vitest';
import type { Property } from '../contract/index.ts';
import { LANGS } from '../i18n/index.ts';
import { AMENITIES, COMMUNES, PROPERTY_CATEGORIES } from '../shared/enums.ts';
import { filterPredicate, normalizeText, searchWords, hasWords } from '../shared/catalogue-filter.ts';
import {
  CARD_SHARD_SIZE,
  cardShardOf,
  coreDecoder,
  decodeCore,
  withCard,
} from '../shared/catalogue-files.ts';
import { decodeIndex } from '../shared/listing-index.ts';
import { listingText } from '../shared/listing-text.ts';
import { amenitiesOfMask } from '../shared/trust.ts';
import { decodeWords, listingWords, wordsTest } from '../shared/listing-words.ts';
import { buildCatalogueParts, buildListingIndex } from './catalogue-index.ts';
import { property } from './catalogue-fixtures.ts';

const rates = { cdfPerUsd: 2800, usdPerEur: 1.08, setAt: '2026-11-01T00:00:00.000Z' };
const TITLES = ['Villa à Ngaliema', 'Appartement meublé', "Maison d'angle", 'Parcelle 20 x 30 m', 'Bureau'];
const STREETS = [
  'Avenue des Écuries n°12',
  'Boulevard du 30-Juin 7',
  'Route de Matadi, Km 9',
  'Av. Kasa-Vubu',
];

/** A varied demo: every category, commune, currency, amenity set; dates that tie; some without pictures. */
function demo(n: number) {
  return Array.from({ length: n }, (_, i) =>
    property({
      id: 1 + ((i * 7919) % (n * 3)),
      title: `${TITLES[i % TITLES.length]} ${i % 13}`,
      address: STREETS[i % STREETS.length]!,
      state: COMMUNES[i % COMMUNES.length]!,
      category: PROPERTY_CATEGORIES[i % PROPERTY_CATEGORIES.length]!,
      type: i % 3 === 0 ? 'rent' : 'sale',
      currency: i % 4 === 0 ? 'CDF' : 'USD',
      price: 1000 + ((i * 37) % 500) * 1000,
      area: (i * 13) % 900,
      bedrooms: i % 5 === 0 ? null : i % 6,
      amenities: AMENITIES.filter((_, k) => (i >> k) & 1),
      lat: i % 7 === 0 ? null : -4.3 - i / 10_000,
      long: i % 7 === 0 ? null : 15.2 + i / 10_000,
      status: i % 11 === 0 ? 'sold' : i % 10 === 0 ? 'hot' : i % 13 === 0 ? 'unavailable' : 'available',
      createdAt: new Date(Date.UTC(2026, 9, 1 + (i % 40))).toISOString(),
      advanceMonths: i % 3 === 0 ? 1 : null,
      depositMonths: i % 3 === 0 ? 3 : null,
      commissionMonths: i % 3 === 0 ? 1 : null,
    }),
  )
    .map((p, i) => (i % 9 === 0 ? { ...p, media: [] } : p))
    .map((p, i) => (i % 2 === 1 ? translated(p, i) : p));
}

/**
 * Half the demo in English and a quarter in Lingala, as the demo seed (decision 0029); a few English titles
 * without their description, which `listingText` does not show.
 */
function translated(p: Property, i: number): Property {
  const en = { titleEn: `Sunny ${i % 3 ? 'flat' : 'house'} near the river ${i % 7}`, descriptionEn: 'D' };
  const ln = i % 4 === 1 ? { titleLn: `Ndako ya kitoko ${i % 5}`, descriptionLn: 'D' } : {};
  return { ...p, ...en, ...ln, ...(i % 17 === 3 ? { descriptionEn: null } : {}) };
}

/** The same listings as staff wrote them in French only. */
const frenchOnly = (properties: readonly Property[]) =>
  properties.map((p) => ({
    ...p,
    titleEn: null,
    descriptionEn: null,
    titleLn: null,
    descriptionLn: null,
  }));

describe('the catalogue index in parts (decision 0032)', () => {
  const properties = demo(300);
  const builtAt = new Date('2026-11-20T00:00:00.000Z');
  const parts = buildCatalogueParts(properties, rates, builtAt);
  const whole = decodeIndex(buildListingIndex(properties, rates, builtAt));
  const newest = [...whole].sort((a, b) => b.createdDay - a.createdDay || b.id - a.id);
  const core = decodeCore(JSON.parse(JSON.stringify(parts.core)));

  it('the core holds every listing on the market, newest first, with the filters’ values', () => {
    expect(core.map((l) => l.id)).toEqual(newest.map((l) => l.id));
    core.forEach((l, i) => {
      const w = newest[i]!;
      expect(l.position).toBe(i);
      expect([l.type, l.category, l.state, l.price, l.currency, l.area, l.amenityMask]).toEqual([
        w.type,
        w.category,
        w.state,
        w.price,
        w.currency,
        w.area,
        w.amenityMask,
      ]);
    });
  });

  it('decoded a few listings at a time (idle slices, decision 0046), the core gives the same listings', () => {
    const decoder = coreDecoder(JSON.parse(JSON.stringify(parts.core)));
    let slices = 1;
    while (!decoder.decode(7)) slices++;
    expect(slices).toBe(Math.ceil(core.length / 7));
    expect(decoder.listings).toEqual(core);
    // Listings with the same amenities share one list.
    const two = { ...parts.core, amenities: parts.core.amenities.map((_, i) => (i % 2 ? 5 : 0)) };
    const [first, second, third] = decodeCore(two);
    expect(first!.amenities).toBe(third!.amenities);
    expect(second!.amenities).toEqual(amenitiesOfMask(5));
    expect(second!.amenities).not.toBe(first!.amenities);
  });

  it('the card shards and the map file complete each listing exactly as the whole index has it', () => {
    expect(parts.cards.fr).toHaveLength(Math.ceil(core.length / CARD_SHARD_SIZE));
    core.forEach((l, i) => {
      const shard = parts.cards.fr[cardShardOf(i)]!;
      const full = withCard(l, shard.rows[i % CARD_SHARD_SIZE]!, shard.media);
      const { position: _p, ...rest } = full;
      const { position: _q, ...expected } = newest[i]!;
      expect({ ...rest, lat: parts.geo.lat[i], long: parts.geo.long[i] }).toEqual(expected);
    });
    // Every part names the order they belong to; the same listings in the same order name the same one.
    const again = buildCatalogueParts(properties, rates, new Date('2026-11-21T00:00:00.000Z'));
    for (const part of [
      parts.core,
      parts.geo,
      again.core,
      ...LANGS.flatMap((lang) => [parts.words[lang], ...parts.cards[lang]]),
    ])
      expect(part.order).toBe(parts.core.order);
    const newestId = decodeCore(parts.core)[0]!.id;
    const shuffled = buildCatalogueParts(
      properties.filter((p) => p.id !== newestId),
      rates,
      builtAt,
    );
    expect(shuffled.core.order).not.toBe(parts.core.order);
  });

  it("each language's shards title a listing as its pages do, and differ from the French ones in that only", () => {
    const byId = new Map(properties.map((p) => [p.id, p]));
    for (const lang of LANGS) {
      expect(parts.cards[lang]).toHaveLength(parts.cards.fr.length);
      parts.cards[lang].forEach((shard, n) => {
        const french = parts.cards.fr[n]!;
        expect(shard.media).toEqual(french.media);
        shard.rows.forEach((row, i) => {
          expect(row[1]).toBe(listingText(byId.get(row[0])!, lang).title);
          expect([row[0], ...row.slice(2)]).toEqual([french.rows[i]![0], ...french.rows[i]!.slice(2)]);
        });
      });
    }
    expect(parts.cards.en[0]!.rows.some((row, i) => row[1] !== parts.cards.fr[0]!.rows[i]![1])).toBe(true);
    // The French files are those of the same site without translations: French pages pay nothing for them.
    const plain = buildCatalogueParts(frenchOnly(properties), rates, builtAt);
    expect(JSON.stringify(parts.cards.fr)).toBe(JSON.stringify(plain.cards.fr));
    expect(JSON.stringify(parts.words.fr)).toBe(JSON.stringify(plain.words.fr));
  });

  it('the words give the text box the same answers as the shared predicate, for every word', () => {
    const byId = new Map(properties.map((p) => [p.id, p]));
    for (const lang of LANGS) {
      const index = decodeWords(JSON.parse(JSON.stringify(parts.words[lang])));
      // A page's text box finds a listing by its French title and by the title the page shows.
      const texts = newest.map((l) => {
        const shown = listingText(byId.get(l.id)!, lang).title;
        return { ...l, title: shown === l.title ? l.title : `${l.title} ${shown}` };
      });
      const every = new Set(
        texts.flatMap((l) => normalizeText(`${l.title} ${l.address} ${l.state}`).split(' ')),
      );
      const queries = [...every].flatMap((w) => [w, w.slice(1, 4), w.slice(0, 2)]);
      queries.push('villa ngaliema', 'mont ngafula', '30 juin', 'zzz', 'avenue 12', "d'angle", 'ECURIES');
      queries.push('sunny villa', 'river ngaliema', 'ndako bureau');
      for (const q of queries) {
        const words = searchWords(q);
        const test = wordsTest(index, words);
        const want = texts.map((l) => hasWords(l, words));
        expect(
          core.map((l) => test(l.position, l.state)),
          `${lang}: ${q}`,
        ).toEqual(want);
      }
    }
  });

  it('a listing keeps only the words that can change an answer', () => {
    expect(listingWords('Villa à Ngaliema, villa moderne', 'Av. Villas 3', 'Ngaliema').sort()).toEqual(
      ['3', 'av', 'moderne', 'villas'].sort(),
    );
  });

  it('the predicate shared with alerts still accepts what the core filters on', () => {
    const match = filterPredicate(
      { ...DEFAULTS, currency: 'CDF', minPrice: 1_000_000, maxPrice: 3_000_000 },
      rates,
    );
    expect(core.filter(match).length).toBe(newest.filter(match).length);
  });
});

const DEFAULTS = {
  q: '',
  type: '' as const,
  category: '' as const,
  state: '' as const,
  minPrice: 0,
  maxPrice: 27_000_000,
  currency: 'USD' as const,
  minArea: 0,
  maxArea: 1000,
  amenities: 0,
};
