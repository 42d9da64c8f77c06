import { createHash } from 'node:crypto';
import type { Property } from '../contract/index.ts';
import { allProperties, buildNow, buildRates } from './api.ts';
import { perBuild } from './build-context.ts';
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
import {
  codeChars,
  kindCode,
  CARD_SHARD_SIZE,
  type CardRow,
  type CardShard,
  type CatalogueCore,
  type GeoFile,
  type WordsFile,
} from '../shared/catalogue-files.ts';
import { encodeWords, listingWords } from '../shared/listing-words.ts';
import { listingText } from '../shared/listing-text.ts';
import { LANGS, type Lang } from '../i18n/index.ts';
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

/**
 * Builds /data/listings.json from the API's listings, on the build's day `now`: sold and withdrawn ones stay
 * out of the catalogue.
 */
export function buildListingIndex(
  properties: readonly Property[],
  rates: Rates,
  now: Date,
): ListingIndexFile {
  const media: MediaTuple[] = [];
  const mediaIndex = new Map<string, number>();
  const rows: ListingRow[] = [];
  const today = Math.floor(now.getTime() / DAY_MS);
  let asOf = '';
  for (const p of properties) {
    if (p.updatedAt > asOf) asOf = p.updatedAt;
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
  return { v: 1, asOf: asOf || new Date(0).toISOString(), rates, communes: COMMUNES, media, rows };
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

/** The catalogue's index in parts (src/shared/catalogue-files.ts, decision 0032). */
export interface CatalogueParts {
  core: CatalogueCore;
  /** Per page language: card shard n holds the listings at positions n × CARD_SHARD_SIZE onwards. */
  cards: Record<Lang, CardShard[]>;
  /** Per page language: the words of the titles it shows (and of the French ones) and of the addresses. */
  words: Record<Lang, WordsFile>;
  geo: GeoFile;
}

/** The card shards of the index's rows (in the core's order), each with its own small table of pictures. */
function cardShards(
  rows: readonly ListingRow[],
  allMedia: readonly MediaTuple[],
  order: string,
): CardShard[] {
  const cards: CardShard[] = [];
  for (let start = 0; start < rows.length; start += CARD_SHARD_SIZE) {
    const media: MediaTuple[] = [];
    const local = new Map<number, number>();
    const shardRows = rows.slice(start, start + CARD_SHARD_SIZE).map((r): CardRow => {
      let first = -1;
      if (r[14] >= 0) {
        first = local.get(r[14]) ?? media.push(allMedia[r[14]]!) - 1;
        local.set(r[14], first);
      }
      return [
        r[0],
        r[12],
        r[13],
        first,
        r[15],
        r[7],
        r[8],
        r[11],
        r[16],
        r[17],
        r[18] ?? -1,
        r[20] ?? -1,
        r[21] ?? -1,
      ];
    });
    cards.push({ order, media, rows: shardRows });
  }
  return cards;
}

/**
 * The cards and words of each page language from the French ones: a row's title becomes the one `listingText`
 * shows in that language (decision 0029), and its words gain that title's. A listing without a translation
 * keeps its French row and words as they are, and the French files are those of a site without translations.
 */
function perLanguage(
  properties: readonly Property[],
  rows: readonly ListingRow[],
  french: { order: string; cards: CardShard[]; words: string[][] },
  communes: readonly string[],
) {
  const byId = new Map(properties.map((p) => [p.id, p]));
  const cards = {} as Record<Lang, CardShard[]>;
  const words = {} as Record<Lang, WordsFile>;
  for (const lang of LANGS) {
    const titles = rows.map((r) => {
      const p = byId.get(r[0]);
      return p ? listingText(p, lang).title : r[12];
    });
    cards[lang] = french.cards.map((shard, n) => ({
      ...shard,
      rows: shard.rows.map((row, i): CardRow => {
        const title = titles[n * CARD_SHARD_SIZE + i]!;
        if (title === row[1]) return row;
        const translated: CardRow = [...row];
        translated[1] = title;
        return translated;
      }),
    }));
    const lists = rows.map((r, i) =>
      titles[i] === r[12]
        ? french.words[i]!
        : listingWords(`${r[12]} ${titles[i]}`, r[13], communes[r[3]] ?? ''),
    );
    words[lang] = encodeWords(lists, french.order);
  }
  return { cards, words };
}

/**
 * Builds the parts from the API's listings, on the build's day `now`: the ones on the market, newest first
 * (then the higher id).
 */
export function buildCatalogueParts(
  properties: readonly Property[],
  rates: Rates,
  now: Date,
): CatalogueParts {
  const whole = buildListingIndex(properties, rates, now);
  const rows = [...whole.rows].sort((a, b) => b[11] - a[11] || b[0] - a[0]);
  const column = (i: number) => rows.map((r) => r[i] as number);
  const ids = column(0);
  // The order's digest, not the build's time: a card shard whose listings did not change keeps its bytes.
  const order = createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 16);
  const core: CatalogueCore = {
    v: 2,
    order,
    rates,
    communes: whole.communes,
    id: ids.map((id, i) => (i === 0 ? id : id - ids[i - 1]!)),
    kind: codeChars(rows.map((r) => kindCode(r[1], r[5], r[2]))),
    commune: codeChars(column(3)),
    price: column(4),
    area: column(6),
    amenities: rows.map((r) => r[19] ?? 0),
  };
  const french = {
    order,
    cards: cardShards(rows, whole.media, order),
    words: rows.map((r) => listingWords(r[12], r[13], whole.communes[r[3]] ?? '')),
  };
  const { cards, words } = perLanguage(properties, rows, french, whole.communes);
  return { core, cards, words, geo: { order, lat: column(9), long: column(10) } };
}

/** The parts of the build, computed once however many of its routes ask (core, shards, words, map). */
export function catalogueParts(): Promise<CatalogueParts> {
  return perBuild('catalogue', async () => {
    const [properties, rates, now] = await Promise.all([allProperties(), buildRates(), buildNow()]);
    return buildCatalogueParts(properties, rates, now);
  });
}
