import { describe, expect, it } from 'vitest';
import { VERIFICATION_DAYS } from '../contract/index.ts';
import { amenitiesOf, trustOf } from './amenities.ts';
import { seededRandom } from './random.ts';

const DAY = 86_400_000;

describe('demo amenities and checks', () => {
  it('moves amenity features out of the free text; land has none', () => {
    const rng = seededRandom(1);
    const villa = amenitiesOf(rng, { category: 'villa', features: ['Piscine', 'Forage', 'Terrasse'] }, 4);
    expect(villa.amenities).toEqual(expect.arrayContaining(['generator', 'borehole', 'pool']));
    expect(villa.features).toEqual(['Terrasse']);
    expect(amenitiesOf(rng, { category: 'land', features: ['Clôture'] }, 4)).toEqual({
      amenities: [],
      features: ['Clôture'],
    });
  });

  it('gives listings on the market recent, stale and no checks, never before the listing existed', () => {
    const rng = seededRandom(2);
    const now = Date.parse('2026-11-24T10:00:00Z');
    const created = new Date(now - 500 * DAY);
    const facts = Array.from({ length: 400 }, () =>
      trustOf(rng, { status: 'available', createdAt: created }, now),
    );
    const ages = facts.flatMap((f) => (f.verifiedAt ? [(now - (f.verifiedAt as Date).getTime()) / DAY] : []));
    expect(ages.some((a) => a < VERIFICATION_DAYS)).toBe(true);
    expect(ages.some((a) => a > VERIFICATION_DAYS)).toBe(true);
    expect(facts.some((f) => f.verifiedAt === null)).toBe(true);
    expect(facts.some((f) => f.availableFrom && f.availableFrom > '2026-11-24')).toBe(true);
    const young = trustOf(rng, { status: 'available', createdAt: new Date(now - DAY) }, now);
    if (young.verifiedAt) expect((young.verifiedAt as Date).getTime()).toBeGreaterThan(now - DAY);
    expect(trustOf(rng, { status: 'sold', createdAt: created }, now)).toEqual({
      verifiedAt: null,
      availableFrom: null,
    });
  });
});
