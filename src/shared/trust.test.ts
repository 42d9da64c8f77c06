import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/core.ts';
import { en } from '../i18n/en.ts';
import { fr } from '../i18n/fr.ts';
import { ln } from '../i18n/ln.ts';
import { AMENITIES } from './enums.ts';
import {
  amenitiesOfMask,
  amenityMask,
  availabilityText,
  cardAmenities,
  formatDay,
  isRecentCheck,
  verifiedText,
} from './trust.ts';
import { decodeIndex, type ListingIndexFile } from './listing-index.ts';
import {
  DEFAULT_QUERY,
  filterListings,
  parseQuery,
  toSearch,
  withChange,
} from '../islands/catalogue/query.ts';
import { listing } from '../islands/catalogue/query-fixtures.ts';

const now = new Date('2026-11-24T10:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('a staff check shows for 90 days', () => {
  it('is shown under 90 days, not from 90 days on, nor when absent or malformed', () => {
    expect(isRecentCheck(daysAgo(0), now)).toBe(true);
    expect(isRecentCheck(daysAgo(89.9), now)).toBe(true);
    expect(isRecentCheck(daysAgo(90), now)).toBe(false);
    expect(isRecentCheck(daysAgo(400), now)).toBe(false);
    expect(isRecentCheck(null, now)).toBe(false);
    expect(isRecentCheck('not a date', now)).toBe(false);
  });

  it('says the date in the three languages (months in French for Lingala)', () => {
    const at = '2026-11-02T15:00:00.000Z';
    expect(verifiedText(at, createTranslator(fr), 'fr')).toBe("Vérifié par l'agence le 2 novembre 2026");
    expect(verifiedText(at, createTranslator(en), 'en')).toBe('Checked by the agency on 2 November 2026');
    expect(verifiedText(at, createTranslator(ln), 'ln')).toContain('2 novembre 2026');
  });

  it('reads a check late in the evening UTC as the next day in Kinshasa', () => {
    expect(formatDay('2026-11-02T23:30:00.000Z', 'fr')).toBe('3 novembre 2026');
    expect(formatDay('2026-11-02', 'fr')).toBe('2 novembre 2026');
  });
});

describe('availability', () => {
  const t = createTranslator(fr);
  it('says "dès le" for a day to come and "maintenant" from that day on', () => {
    expect(availabilityText('2026-12-01', now, t, 'fr')).toBe('Disponible dès le 1 décembre 2026');
    expect(availabilityText('2026-11-24', now, t, 'fr')).toBe('Disponible maintenant');
    expect(availabilityText('2026-01-01', now, t, 'fr')).toBe('Disponible maintenant');
  });
});

describe('amenities', () => {
  it('round-trips every amenity through the bitmask', () => {
    expect(amenitiesOfMask(amenityMask([...AMENITIES]))).toEqual([...AMENITIES]);
    expect(amenityMask(['generator'])).toBe(1);
    expect(amenitiesOfMask(amenityMask(['pool', 'generator']))).toEqual(['generator', 'pool']);
    expect(amenityMask([])).toBe(0);
  });

  it('gives a card the first three that matter most', () => {
    expect(cardAmenities(['parking', 'pool', 'guard', 'borehole', 'generator'])).toEqual([
      'generator',
      'borehole',
      'guard',
    ]);
    expect(cardAmenities(['parking', 'garden'])).toEqual([]);
  });

  it('decodes the index columns 19 to 21 (and old rows without them)', () => {
    const row = [1, 0, 0, 0, 1, 0, 10, -1, -1, null, null, 20_000, 'T', 'A', -1, 0, 0, 0, -1, 5, 20_400, -1];
    const file = {
      v: 1,
      builtAt: '',
      communes: ['Gombe'],
      media: [],
      rows: [row],
    } as unknown as ListingIndexFile;
    const [l] = decodeIndex(file);
    expect(l).toMatchObject({
      amenityMask: 5,
      amenities: ['generator', 'waterTank'],
      verifiedDay: 20_400,
      availableDay: null,
    });
    const old = { ...file, rows: [row.slice(0, 18)] } as unknown as ListingIndexFile;
    expect(decodeIndex(old)[0]).toMatchObject({ amenityMask: 0, amenities: [], verifiedDay: null });
  });
});

describe('the catalogue filter by amenities', () => {
  const both = listing({ amenities: ['generator', 'borehole'] });
  const generator = listing({ amenities: ['generator'] });
  const none = listing();

  it('keeps the listings that have every amenity asked for', () => {
    const q = parseQuery('amenities=generator,borehole');
    expect(filterListings([both, generator, none], q)).toEqual([both]);
    expect(filterListings([both, generator, none], parseQuery('amenities=generator'))).toHaveLength(2);
    expect(filterListings([both, generator, none], DEFAULT_QUERY)).toHaveLength(3);
  });

  it('reads the URL leniently and writes it back in list order', () => {
    expect(parseQuery('amenities=Pool,helipad,,generator').amenities).toBe(
      amenityMask(['pool', 'generator']),
    );
    expect(toSearch(parseQuery('amenities=pool,generator'))).toBe('?amenities=generator%2Cpool');
    expect(parseQuery('amenities=helipad').amenities).toBe(0);
    expect(toSearch(parseQuery('amenities='))).toBe('');
  });

  it('returns to page 1 when the amenities change', () => {
    const q = { ...DEFAULT_QUERY, page: 3 };
    expect(withChange(q, { amenities: 1 }).page).toBe(1);
  });
});
