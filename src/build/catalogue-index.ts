import type { Property } from '../contract/index.ts';
import {
  COMMUNES,
  CURRENCIES,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  VERIFICATION_DAYS,
} from '../shared/enums.ts';
import {
  encodeMedia,
  mediaShardOf,
  FIRST_OPTIONAL_COLUMN,
  TRAILING_DEFAULTS,
  type ListingIndexFile,
  type ListingRow,
  type MediaShardFile,
  type MediaTuple,
} from '../shared/listing-index.ts';
import { isOnTheMarket } from '../shared/market.ts';
import { moveInMonths, type Rates } from '../shared/money.ts';
import { amenityMask } from '../shared/trust.ts';

const DAY_MS = 86_400_000;
const round = (n: number | null, digits: number) => (n == null ? null : Number(n.toFixed(digits)));

/**
 * The index's bytes are budgeted (40 a listing): what cannot change the browser's answer is not written in
 * full. A check already VERIFICATION_DAYS old at the build can never show again (-1), and a day already
 * reached is written as the build's day (a value shared by many rows, which compresses to almost nothing).
 */
function checkDay(verifiedAt: string | null, today: number): number {
  if (!verifiedAt) return -1;
  const day = Math.floor(Date.parse(verifiedAt) / DAY_MS);
  return today - day >= VERIFICATION_DAYS ? -1 : day;
}

/** A row without its trailing optional columns that hold their default. */
function trimmed(row: Required<ListingRow>): ListingRow {
  let end = row.length;
  while (end > FIRST_OPTIONAL_COLUMN && row[end - 1] === TRAILING_DEFAULTS[end - 1 - FIRST_OPTIONAL_COLUMN])
    end--;
  return row.slice(0, end) as ListingRow;
}

/** Builds /data/listings.json from the API's listings: sold and withdrawn ones stay out of the catalogue. */
export function buildListingIndex(
  properties: readonly Property[],
  rates: Rates,
  builtAt = new Date(),
): ListingIndexFile {
  const media: MediaTuple[] = [];
  const mediaIndex = new Map<string, number>();
  const rows: ListingRow[] = [];
  const today = Math.floor(builtAt.getTime() / DAY_MS);
  for (const p of properties) {
    if (!isOnTheMarket(p.status)) continue;
    const first = p.media[0];
    let firstIndex = -1;
    if (first) {
      const tuple = encodeMedia(first);
      const key = tuple.join('|');
      firstIndex = mediaIndex.get(key) ?? media.push(tuple) - 1;
      mediaIndex.set(key, firstIndex);
    }
    rows.push(
      trimmed([
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
        p.type === 'rent' ? (moveInMonths(p) ?? -1) : -1,
        amenityMask(p.amenities),
        checkDay(p.verifiedAt, today),
        p.availableFrom ? Math.max(today, Math.floor(Date.parse(p.availableFrom) / DAY_MS)) : -1,
      ]),
    );
  }
  return { v: 1, builtAt: builtAt.toISOString(), rates, communes: COMMUNES, media, rows };
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
