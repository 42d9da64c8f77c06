import { describe, expect, it } from 'vitest';
import { decodeIndex, decodeMedia, mediaShardOf } from '../shared/listing-index.ts';
import { buildListingIndex, buildMediaShards } from './catalogue-index.ts';
import { property } from './catalogue-fixtures.ts';

const rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: '2026-11-12T09:30:00.000Z' };

describe('catalogue index', () => {
  it('round-trips what cards, filters and the map need, keeping sold listings out', () => {
    const file = buildListingIndex(
      [
        property({}),
        property({ id: 2, status: 'sold' }),
        property({
          id: 3,
          type: 'rent',
          currency: 'CDF',
          price: 1_500_000,
          media: [],
          lat: null,
          long: null,
          advanceMonths: 3,
          depositMonths: 2,
          commissionMonths: 1,
        }),
        property({ id: 4, type: 'rent', advanceMonths: 3, depositMonths: null, commissionMonths: 1 }),
      ],
      rates,
      new Date('2026-11-24T08:00:00Z'),
    );
    const [villa, rent] = decodeIndex(JSON.parse(JSON.stringify(file)));
    expect(file.rows).toHaveLength(3);
    // The build's rates travel with the index: the browser converts with the rate the pages were built with.
    expect(file.rates).toEqual(rates);
    expect(villa).toMatchObject({
      id: 1,
      type: 'sale',
      category: 'villa',
      state: 'Ngaliema',
      price: 250_000,
      bedrooms: 4,
      bathrooms: null,
      lat: -4.37123,
      mediaCount: 2,
      featured: true,
      moveInMonths: null,
    });
    expect(villa?.media).toEqual([
      {
        type: 'image',
        url: `/media/${'a'.repeat(32)}-480.webp`,
        thumbnail: `/media/${'a'.repeat(32)}-thumb.webp`,
        srcset: expect.stringContaining('-1600.webp 1600w'),
      },
    ]);
    expect(rent).toMatchObject({ id: 3, type: 'rent', currency: 'CDF', media: [], mediaCount: 0, lat: null });
    // Advance + deposit + commission; no total when one of them is unknown.
    expect(rent?.moveInMonths).toBe(6);
    expect(decodeIndex(file)[2]?.moveInMonths).toBeNull();
  });

  it('writes amenities, a check that can still show and the availability, leaving empty ends out', () => {
    const builtAt = new Date('2026-11-24T08:00:00Z');
    const day = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);
    const file = buildListingIndex(
      [
        property({ id: 1 }),
        property({
          id: 2,
          amenities: ['generator', 'pool'],
          verifiedAt: '2026-11-01T09:00:00.000Z',
          availableFrom: '2026-12-15',
        }),
        // Checked 120 days before the build: it can never show again; free since long ago: free from the build.
        property({
          id: 3,
          amenities: ['guard'],
          verifiedAt: '2026-07-27T09:00:00.000Z',
          availableFrom: '2025-01-01',
        }),
      ],
      rates,
      builtAt,
    );
    expect(file.rows[0]).toHaveLength(18);
    expect(file.rows[1]?.slice(18)).toEqual([-1, 1 + (1 << 11), day('2026-11-01'), day('2026-12-15')]);
    expect(file.rows[2]?.slice(18)).toEqual([-1, 1 << 4, -1, day('2026-11-24')]);
    const [none, villa, guarded] = decodeIndex(JSON.parse(JSON.stringify(file)));
    expect(none).toMatchObject({ amenities: [], amenityMask: 0, verifiedDay: null, availableDay: null });
    expect(villa).toMatchObject({ amenities: ['generator', 'pool'], verifiedDay: day('2026-11-01') });
    expect(guarded).toMatchObject({ amenities: ['guard'], verifiedDay: null });
  });

  it('shares a photo used by many listings', () => {
    const file = buildListingIndex(
      [property({ id: 1 }), property({ id: 2 }), property({ id: 3 })],
      rates,
      new Date('2026-11-24T08:00:00Z'),
    );
    expect(file.media).toHaveLength(1);
  });

  it('puts every media of a listing in its shard', () => {
    const shards = buildMediaShards([property({ id: 5 }), property({ id: 150 })]);
    expect([...shards.keys()]).toEqual([mediaShardOf(5), mediaShardOf(150)]);
    expect(
      shards
        .get(0)
        ?.['5']?.map(decodeMedia)
        .map((m) => m.thumbnail),
    ).toHaveLength(2);
  });
});
