import type { Lang } from '../i18n/core.ts';
import { CURRENCIES, PROPERTY_CATEGORIES, PROPERTY_STATUSES, PROPERTY_TYPES, type Commune } from './enums.ts';
import { decodeMedia, type Listing, type MediaTuple } from './listing-index.ts';
import type { Rates } from './money.ts';
import { amenitiesOfMask } from './trust.ts';

/**
 * The catalogue's static index in parts (decision 0032). At 10,000 listings the whole index was 320 KB
 * compressed, twice the catalogue's first-view budget; a page needs much less of it at once:
 *
 * - /data/catalogue.json (CatalogueCore): what the filters, the count, the order and the pages need, for
 *   every listing on the market, newest first, as columns (a column of similar values compresses far better
 *   than rows mixing them). Fetched with the page.
 * - /data/cards/{n}.json (CardShard): what a card shows beyond that (title, address, first picture, rooms,
 *   dates…) for CARD_SHARD_SIZE listings in the core's order; fetched for the cards on screen.
 * - /data/words.json (WordsFile): the words of titles and addresses, for the text box; fetched when a
 *   visitor searches.
 * - The cards and words of the English and Lingala pages are their own files, under /data/en/ and /data/ln/:
 *   the same rows with each title as `listingText` gives it in that language (the French one where staff
 *   wrote none), and the words of both titles (a French word still finds its listing). So each page reads
 *   the titles it shows and no other language's: the French files' bytes are those of a site without
 *   translations, and an English shard weighs about what its French one does.
 * - /data/geo.json (GeoFile): coordinates, fetched when the map opens.
 *
 * Every part carries the digest of the core's order (`order`): a card shard is read by position, so parts of
 * two publishes whose orders differ are never mixed; two builds of the same data write the same bytes.
 */

export const CORE_URL = '/data/catalogue.json';
export const GEO_URL = '/data/geo.json';
/** The folder of a language's own files: French at the root of /data/, as before translations. */
const langData = (lang: Lang) => (lang === 'fr' ? '/data/' : `/data/${lang}/`);
export const wordsUrl = (lang: Lang) => `${langData(lang)}words.json`;
export const CARD_SHARD_SIZE = 32;
export const cardShardOf = (position: number) => Math.floor(position / CARD_SHARD_SIZE);
export const cardShardUrl = (shard: number, lang: Lang) => `${langData(lang)}cards/${shard}.json`;

/** Small codes written as one character each: 48 + code ('0', '1', … never a quote or a backslash). */
const CHAR_BASE = 48;
export const codeChars = (codes: readonly number[]) =>
  codes.map((c) => String.fromCharCode(CHAR_BASE + c)).join('');
export const charCode = (s: string, i: number) => s.charCodeAt(i) - CHAR_BASE;

/** `kind` packs type (1 bit), currency (1 bit) and category (the rest) of a listing into one code. */
export const kindCode = (type: number, currency: number, category: number) =>
  type + 2 * currency + 4 * category;

export interface CatalogueCore {
  v: 2;
  order: string;
  /** The exchange rates of the build: the browser converts and filters prices with these (decision 0021). */
  rates: Rates;
  communes: readonly string[];
  /** Ids newest first: the first as it is, each next one as its difference from the one before. */
  id: number[];
  /** One character a listing: see `kindCode`. */
  kind: string;
  /** One character a listing: its index in `communes`. */
  commune: string;
  price: number[];
  area: number[];
  /** AMENITIES bitmask (bit i = AMENITIES[i]). */
  amenities: number[];
}

/**
 * A card's other values, one row per listing of the shard, in the core's order:
 * [id, title, address, first media index in `media` | -1, media count, bedrooms | -1, bathrooms | -1,
 *  created day, status index, featured 0 | 1, months to move in | -1, verified day | -1, available day | -1]
 * Days are days since the epoch (UTC).
 */
export type CardRow = [
  id: number,
  title: string,
  address: string,
  firstMedia: number,
  mediaCount: number,
  bedrooms: number,
  bathrooms: number,
  createdDay: number,
  status: number,
  featured: 0 | 1,
  moveInMonths: number,
  verifiedDay: number,
  availableDay: number,
];

export interface CardShard {
  order: string;
  media: MediaTuple[];
  rows: CardRow[];
}

/** Coordinates in the core's order (null where staff placed no pin). */
export interface GeoFile {
  order: string;
  lat: (number | null)[];
  long: (number | null)[];
}

/**
 * The text box's words: `words` are the distinct normalised words of titles and addresses (space-separated,
 * most frequent first); `lists` holds, per listing in the core's order and separated by ';', the ids of its
 * words, ascending, each written as its difference from the one before (comma-separated).
 */
export interface WordsFile {
  order: string;
  words: string;
  lists: string;
}

/**
 * Decodes the core's listings a slice at a time (decision 0046): at 10,000 listings decoding them all at once
 * was one of the catalogue's longest tasks on a slow phone. `listings` is filled in order; `decode(n)` decodes
 * up to n more and answers whether all are decoded.
 */
export function coreDecoder(core: CatalogueCore): { listings: Listing[]; decode(n: number): boolean } {
  const total = core.id.length;
  const listings: Listing[] = new Array<Listing>(total);
  // Listings with the same amenities share one list (a few hundred sets for thousands of listings).
  const amenityLists = new Map<number, ReturnType<typeof amenitiesOfMask>>();
  let next = 0;
  let id = 0;
  return {
    listings,
    decode(n) {
      const end = Math.min(total, next + n);
      for (let i = next; i < end; i++) {
        id = i === 0 ? core.id[0]! : id + core.id[i]!;
        const kind = charCode(core.kind, i);
        const amenityMask = core.amenities[i]!;
        let amenities = amenityLists.get(amenityMask);
        if (!amenities) amenityLists.set(amenityMask, (amenities = amenitiesOfMask(amenityMask)));
        listings[i] = {
          id,
          position: i,
          detailed: false,
          type: PROPERTY_TYPES[kind & 1] ?? 'sale',
          currency: CURRENCIES[(kind >> 1) & 1] ?? 'USD',
          category: PROPERTY_CATEGORIES[kind >> 2] ?? 'apartment',
          state: (core.communes[charCode(core.commune, i)] ?? '') as Commune,
          price: core.price[i]!,
          area: core.area[i]!,
          amenityMask,
          amenities,
          bedrooms: null,
          bathrooms: null,
          lat: null,
          long: null,
          createdDay: 0,
          title: '',
          address: '',
          media: [],
          mediaCount: 0,
          status: 'available',
          featured: false,
          moveInMonths: null,
          verifiedDay: null,
          availableDay: null,
        };
      }
      next = end;
      return next === total;
    },
  };
}

/** The listings of the core, newest first: what filters and counts need, the card's other values empty. */
export function decodeCore(core: CatalogueCore): Listing[] {
  const decoder = coreDecoder(core);
  decoder.decode(core.id.length);
  return decoder.listings;
}

const orNull = (n: number) => (n < 0 ? null : n);

/** A core listing completed with its card row (the row's id must be the listing's). */
export function withCard(listing: Listing, row: CardRow, media: readonly MediaTuple[]): Listing {
  const first = row[3] >= 0 ? media[row[3]] : undefined;
  return {
    ...listing,
    detailed: true,
    title: row[1],
    address: row[2],
    media: first ? [decodeMedia(first)] : [],
    mediaCount: row[4],
    bedrooms: orNull(row[5]),
    bathrooms: orNull(row[6]),
    createdDay: row[7],
    status: PROPERTY_STATUSES[row[8]] ?? 'available',
    featured: row[9] === 1,
    moveInMonths: orNull(row[10]),
    verifiedDay: orNull(row[11]),
    availableDay: orNull(row[12]),
  };
}
