import type { Property } from '../contract/index.ts';
import {
  COMMUNES,
  CURRENCIES,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from '../shared/enums.ts';
import {
  encodeMedia,
  mediaShardOf,
  type ListingIndexFile,
  type ListingRow,
  type MediaShardFile,
  type MediaTuple,
} from '../shared/listing-index.ts';
import { amenityMask } from '../shared/trust.ts';

const DAY_MS = 86_400_000;
const round = (n: number | null, digits: number) => (n == null ? null : Number(n.toFixed(digits)));

/** Builds /data/listings.json from the API's listings: sold and withdrawn ones stay out of the catalogue. */
export function buildListingIndex(properties: readonly Property[], builtAt = new Date()): ListingIndexFile {
  const media: MediaTuple[] = [];
  const mediaIndex = new Map<string, number>();
  const rows: ListingRow[] = [];
  for (const p of properties) {
    if (p.status === 'sold' || p.status === 'unavailable') continue;
    const first = p.media[0];
    let firstIndex = -1;
    if (first) {
      const tuple = encodeMedia(first);
      const key = tuple.join('|');
      firstIndex = mediaIndex.get(key) ?? media.push(tuple) - 1;
      mediaIndex.set(key, firstIndex);
    }
    rows.push([
      p.id,
      PROPERTY_TYPES.indexOf(p.type) as 0 | 1,
      PROPERTY_CATEGORIES.indexOf(p.category),
      COMMUNES.indexOf(p.state),
      p.price,
      CURRENCIES.indexOf(p.currency),
      p.area,
      p.bedrooms ?? -1,
      p.bathrooms ?? -1,
      round(p.lat, 5),
      round(p.long, 5),
      Math.floor(Date.parse(p.createdAt) / DAY_MS),
      p.title,
      p.address,
      firstIndex,
      p.media.length,
      PROPERTY_STATUSES.indexOf(p.status),
      p.featured ? 1 : 0,
      -1, // position 18: move-in months (money branch)
      amenityMask(p.amenities),
      p.verifiedAt ? Math.floor(Date.parse(p.verifiedAt) / DAY_MS) : -1,
      p.availableFrom ? Math.floor(Date.parse(p.availableFrom) / DAY_MS) : -1,
    ]);
  }
  return { v: 1, builtAt: builtAt.toISOString(), communes: COMMUNES, media, rows };
}

/** The media shards: every listing's full media, grouped by id range, loaded when a card is flipped. */
export function buildMediaShards(properties: readonly Property[]): Map<number, MediaShardFile> {
  const shards = new Map<number, MediaShardFile>();
  for (const p of properties) {
    const shard = mediaShardOf(p.id);
    const file = shards.get(shard) ?? {};
    file[p.id] = p.media.map(encodeMedia);
    shards.set(shard, file);
  }
  return shards;
}
