import {
  CURRENCIES,
  MEDIA_TYPES,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type Amenity,
  type Commune,
  type Currency,
  type MediaType,
  type PropertyCategory,
  type PropertyStatus,
  type PropertyType,
} from './enums.ts';
import type { Rates } from './money.ts';
import { amenitiesOfMask } from './trust.ts';

/**
 * The whole static index of the listings on the market in one file (/data/listings.json): every value a
 * card, the filters and the map use. Pages no longer download it (at 10,000 listings it is 320 KB
 * compressed): the catalogue, favourites and compare read its parts (src/shared/catalogue-files.ts,
 * decision 0032); the file stays for tools, tests and anyone reading the site's data in one request.
 * Rows are arrays rather than objects and carry only each listing's first photo (through a shared table);
 * the other media of a listing are in /data/media/{shard}.json, fetched when a visitor flips through a card.
 */
export interface ListingIndexFile {
  v: 1;
  /**
   * ISO time of the newest listing change the build read (its latest `updatedAt`): a listing changed after
   * it is not in this file as it is now. Not the build's own time, so two builds of the same data write the
   * same file (decision 0045).
   */
  asOf: string;
  /** The exchange rates of the build: the browser converts and filters prices with these (decision 0021). */
  rates: Rates;
  communes: readonly string[];
  /** Shared first media: [type 0 image | 1 video | 2 3d, url, thumbnail, srcset] */
  media: MediaTuple[];
  rows: ListingRow[];
}

export type MediaTuple = [number, string, string, string];

/** /data/media/{shard}.json: every media of the listings whose id / MEDIA_SHARD_SIZE is that shard. */
export type MediaShardFile = Record<string, MediaTuple[]>;
export const MEDIA_SHARD_SIZE = 100;
export const mediaShardOf = (id: number) => Math.floor(id / MEDIA_SHARD_SIZE);

/**
 * [id, type 0 sale | 1 rent, category index, commune index, price, currency index, area, bedrooms | -1,
 *  bathrooms | -1, lat | null, long | null, created (days since epoch), title, address,
 *  first media index | -1, media count, status index, featured 0 | 1,
 *  months to pay to move in (advance + deposit + commission) | -1 when unknown or a sale,
 *  amenities bitmask (bit i = AMENITIES[i]), verified day | -1, available-from day | -1]
 * Days are days since the epoch (UTC). Columns 18 to 21 are left out at the end of a row while they hold
 * their TRAILING_DEFAULTS: the index's bytes are budgeted, and most listings have some of them empty.
 */
export type ListingRow = [
  id: number,
  type: 0 | 1,
  category: number,
  commune: number,
  price: number,
  currency: number,
  area: number,
  bedrooms: number,
  bathrooms: number,
  lat: number | null,
  long: number | null,
  createdDay: number,
  title: string,
  address: string,
  firstMedia: number,
  mediaCount: number,
  status: number,
  featured: 0 | 1,
  moveInMonths?: number,
  amenities?: number,
  verifiedDay?: number,
  availableDay?: number,
];

/** The value of each optional trailing column that says "nothing": rows leave trailing ones out. */
export const TRAILING_DEFAULTS = [-1, 0, -1, -1] as const;
export const FIRST_OPTIONAL_COLUMN = 18;

// The rows hold indexes into the shared lists (src/shared/enums.ts): their order is part of the file format.

export interface CardMedia {
  type: MediaType;
  url: string;
  thumbnail: string;
  /** srcset value for images ('' when the image has a single size). */
  srcset: string;
}

/** A listing as the browser uses it: what a card, the filters and the map need. */
export interface Listing {
  id: number;
  /** Place in the catalogue's order (newest first), which names the card shard holding its card values. */
  position: number;
  /** Whether the card's values (title, address, picture, rooms, dates) are here; the core has only the
   *  filters' (src/shared/catalogue-files.ts). */
  detailed: boolean;
  type: PropertyType;
  category: PropertyCategory;
  state: Commune;
  price: number;
  currency: Currency;
  area: number;
  bedrooms: number | null;
  bathrooms: number | null;
  lat: number | null;
  long: number | null;
  createdDay: number;
  title: string;
  address: string;
  /** The first media only; mediaCount says how many the listing has in its shard. */
  media: CardMedia[];
  mediaCount: number;
  status: PropertyStatus;
  featured: boolean;
  /** Months of rent to pay to move in (decision 0022); null when not all three terms are known. */
  moveInMonths: number | null;
  /** AMENITIES bitmask, for the filter; `amenities` is the same as a list, for the card. */
  amenityMask: number;
  amenities: Amenity[];
  /** Day of the last staff check (days since epoch), or null. */
  verifiedDay: number | null;
  /** First day it can be moved into, or null when staff did not say. */
  availableDay: number | null;
}

export function decodeMedia([type, url, thumbnail, srcset]: MediaTuple): CardMedia {
  return { type: MEDIA_TYPES[type] ?? 'image', url, thumbnail, srcset };
}

export function encodeMedia(m: {
  type: CardMedia['type'];
  url: string;
  thumbnail?: string | undefined;
  variants?: { width: number; url: string }[] | undefined;
}): MediaTuple {
  const srcset =
    m.variants && m.variants.length > 1 ? m.variants.map((v) => `${v.url} ${v.width}w`).join(', ') : '';
  return [
    MEDIA_TYPES.indexOf(m.type),
    m.type === 'image' ? (m.variants?.[0]?.url ?? m.url) : m.url,
    m.thumbnail ?? '',
    srcset,
  ];
}

export function decodeIndex(file: ListingIndexFile): Listing[] {
  const media = file.media.map(decodeMedia);
  return file.rows.map((r, position) => {
    const first = r[14] >= 0 ? media[r[14]] : undefined;
    return {
      id: r[0],
      position,
      detailed: true,
      type: PROPERTY_TYPES[r[1]] ?? 'sale',
      category: PROPERTY_CATEGORIES[r[2]] ?? 'apartment',
      state: (file.communes[r[3]] ?? '') as Commune,
      price: r[4],
      currency: CURRENCIES[r[5]] ?? 'USD',
      area: r[6],
      bedrooms: r[7] < 0 ? null : r[7],
      bathrooms: r[8] < 0 ? null : r[8],
      lat: r[9],
      long: r[10],
      createdDay: r[11],
      title: r[12],
      address: r[13],
      media: first ? [first] : [],
      mediaCount: r[15],
      status: PROPERTY_STATUSES[r[16]] ?? 'available',
      featured: r[17] === 1,
      // Rows of an index built before the field (or a sale) have no total.
      moveInMonths: typeof r[18] === 'number' && r[18] >= 0 ? r[18] : null,
      amenityMask: r[19] ?? 0,
      amenities: amenitiesOfMask(r[19] ?? 0),
      verifiedDay: r[20] == null || r[20] < 0 ? null : r[20],
      availableDay: r[21] == null || r[21] < 0 ? null : r[21],
    };
  });
}
