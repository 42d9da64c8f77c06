import { useCallback, useEffect, useState } from 'react';
import {
  CARD_SHARD_SIZE,
  cardShardOf,
  cardShardUrl,
  CORE_URL,
  coreDecoder,
  GEO_URL,
  withCard,
  wordsUrl,
  type CardShard,
  type CatalogueCore,
  type GeoFile,
  type WordsFile,
} from '../../shared/catalogue-files.ts';
import type { Lang } from '../../i18n/core.ts';
import type { Listing } from '../../shared/listing-index.ts';
import { decodeWords, type WordsIndex } from '../../shared/listing-words.ts';
import { inIdleSlices } from './idle.ts';
import { staticJson } from './static-json.ts';

/**
 * The catalogue's index in parts (decision 0032): the core with the page, the cards' values for the cards on
 * screen, the words when a visitor searches, the coordinates when the map opens. Each part is fetched and
 * decoded once per page; a failed fetch can be retried. Cards and words are the page language's own files
 * (src/shared/catalogue-files.ts): a listing's title is the one the page's built cards show.
 */

/** The core as it arrived: its listings decoded in idle moments, or at once when a query needs them. */
export interface CoreIndex {
  /** The stamp of the catalogue's order: a card shard of another order belongs to another core. */
  order: string;
  /** Every listing, decoded now if idle time has not finished (a query of the visitor's own needs them). */
  now(): Listing[];
  /** Every listing, once idle time has decoded them. */
  decoded: Promise<Listing[]>;
}

/** Listings decoded per step of a slice: about a tenth of a millisecond of a fast phone's time. */
const DECODE_STEP = 64;

/**
 * Starts decoding a core in idle slices (decision 0046): at 10,000 listings, decoding them all in the task
 * that received the file blocked a slow phone for a few hundred milliseconds, and the catalogue's first view
 * needs none of them (its cards came with the page).
 */
function decodeWhenIdle(file: CatalogueCore): CoreIndex {
  const decoder = coreDecoder(file);
  let finish!: (listings: Listing[]) => void;
  const decoded = new Promise<Listing[]>((resolve) => (finish = resolve));
  let done = false;
  const step = () => {
    done ||= decoder.decode(DECODE_STEP);
    if (done) finish(decoder.listings);
    return done;
  };
  const stop = inIdleSlices(step);
  return {
    order: file.order,
    decoded,
    now() {
      if (!done) {
        stop();
        decoder.decode(Infinity);
        step();
      }
      return decoder.listings;
    },
  };
}

let core: Promise<CoreIndex> | undefined;

function once<T>(get: () => Promise<T>, forget: () => void): Promise<T> {
  const p = get();
  p.catch(forget);
  return p;
}

/** The core, fetched once per page; its listings are decoded in idle moments from its arrival. */
export function loadCore(): Promise<CoreIndex> {
  core ??= once(
    () => staticJson<CatalogueCore>(CORE_URL).then(decodeWhenIdle),
    () => (core = undefined),
  );
  return core;
}

/** The core's listings, newest first: what filters need; their card values are not there yet. */
export const loadIndex = (): Promise<Listing[]> => loadCore().then((c) => c.decoded);

/** Listings completed with their card values in a language, by id (kept for the page's life). */
const detailed = new Map<Lang, Map<number, Listing>>();
const detailedIn = (lang: Lang) => {
  let map = detailed.get(lang);
  if (!map) detailed.set(lang, (map = new Map()));
  return map;
};

/** What is known of a listing right now: its completed version in `lang` when its shard arrived, else itself. */
export const known = (l: Listing, lang: Lang): Listing =>
  l.detailed ? l : (detailedIn(lang).get(l.id) ?? l);

/** The listings of the build with their card values in `lang` (their shards fetched once each). */
export async function loadDetails(listings: readonly Listing[], lang: Lang): Promise<Listing[]> {
  const missing = listings.filter((l) => !known(l, lang).detailed);
  if (missing.length > 0) {
    const index = await loadCore();
    const shards = [...new Set(missing.map((l) => cardShardOf(l.position)))];
    const into = detailedIn(lang);
    await Promise.all(
      shards.map(async (shard) => {
        const file = await staticJson<CardShard>(cardShardUrl(shard, lang));
        // A shard of another order than the core's would put cards on the wrong listings.
        if (file.order !== index.order) throw new Error('the catalogue changed: reload');
        const all = index.now();
        file.rows.forEach((row, i) => {
          const listing = all[shard * CARD_SHARD_SIZE + i];
          if (listing && listing.id === row[0]) into.set(row[0], withCard(listing, row, file.media));
        });
      }),
    );
  }
  return listings.map((l) => known(l, lang));
}

const words = new Map<Lang, Promise<WordsIndex>>();
/** The words of titles (French, and the page language's) and addresses, for the text box. */
export function loadWords(lang: Lang): Promise<WordsIndex> {
  let loaded = words.get(lang);
  if (!loaded) {
    loaded = once(
      () => staticJson<WordsFile>(wordsUrl(lang)).then(decodeWords),
      () => words.delete(lang),
    );
    words.set(lang, loaded);
  }
  return loaded;
}

/** Coordinates by position in the core, for the map. */
export const loadGeo = () => staticJson<GeoFile>(GEO_URL);

export type IndexStatus = 'loading' | 'ready' | 'error';

/**
 * The core for a React island: the core once it arrived (its listings may still be decoding), every listing
 * once decoded, the status ('ready' with the listings), and a retry for the error state.
 */
export function useListingIndex() {
  const [core, setCore] = useState<CoreIndex | null>(null);
  const [listings, setListings] = useState<Listing[] | null>(null);
  const [status, setStatus] = useState<IndexStatus>('loading');
  const load = useCallback(() => {
    setStatus('loading');
    loadCore()
      .then((index) => {
        setCore(index);
        return index.decoded;
      })
      .then(
        (all) => {
          setListings(all);
          setStatus('ready');
        },
        () => {
          setCore(null);
          setListings(null);
          setStatus('error');
        },
      );
  }, []);
  useEffect(load, [load]);
  return { core, listings, status, retry: load };
}

/**
 * These listings with their card values in the page's language: at first as they are (a card shows its facts
 * and a placeholder), then completed when their shards arrive. Listings already complete cost nothing.
 */
export function useDetails(listings: readonly Listing[], lang: Lang): Listing[] {
  const [, setArrived] = useState(0);
  const shown = listings.map((l) => known(l, lang));
  const pending = shown.filter((l) => !l.detailed);
  const key = pending.map((l) => l.id).join(',');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    loadDetails(pending, lang).then(
      () => live && setArrived((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `key` stands for `pending`: the same ids ask nothing again (a page keeps its language).
  }, [key, lang]);
  return shown;
}
