import { normalizeText } from './catalogue-filter.ts';
import type { WordsFile } from './catalogue-files.ts';

/**
 * The catalogue's text box without the titles and addresses (decision 0032). The shared predicate
 * (catalogue-filter.ts `hasWords`) asks whether every word of the search is found in the normalised
 * "title address commune" of a listing; a search word holds no space, so it is found there exactly when one
 * of that text's words contains it. So a listing's words are enough, and fewer still: a word inside another
 * of the same listing, or one of its commune's words (the core has the commune), changes no answer. The
 * build writes each listing's remaining words as ids into a shared word list (/data/words.json).
 */

const communeWords = new Map<string, Set<string>>();

/** The words a listing keeps in words.json (see above), in no particular order. */
export function listingWords(title: string, address: string, commune: string): string[] {
  let own = communeWords.get(commune);
  if (!own) communeWords.set(commune, (own = new Set(normalizeText(commune).split(' '))));
  const words = [
    ...new Set(
      normalizeText(`${title} ${address}`)
        .split(' ')
        .filter((w) => w !== '' && !own.has(w)),
    ),
  ];
  return words.filter((w) => !words.some((o) => o !== w && o.includes(w)));
}

/** words.json from each listing's words (in the core's order): ids by frequency, so common words are short. */
export function encodeWords(perListing: readonly string[][], order: string): WordsFile {
  const counts = new Map<string, number>();
  for (const list of perListing) for (const w of list) counts.set(w, (counts.get(w) ?? 0) + 1);
  const words = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1));
  const ids = new Map(words.map((w, i) => [w, i]));
  const lists = perListing.map((list) => {
    const sorted = list.map((w) => ids.get(w)!).sort((a, b) => a - b);
    return sorted.map((v, i) => (i === 0 ? v : v - sorted[i - 1]!)).join(',');
  });
  return { order, words: words.join(' '), lists: lists.join(';') };
}

/** words.json decoded once: the word list, and each listing's word ids (listing i: ids[start[i]…start[i+1]]). */
export interface WordsIndex {
  words: string[];
  ids: Uint32Array;
  start: Uint32Array;
}

export function decodeWords(file: WordsFile): WordsIndex {
  const words = file.words === '' ? [] : file.words.split(' ');
  const lists = file.lists.split(';');
  const start = new Uint32Array(lists.length + 1);
  const all: number[] = [];
  lists.forEach((list, i) => {
    start[i] = all.length;
    let id = 0;
    if (list !== '')
      for (const part of list.split(',')) {
        id += Number(part);
        all.push(id);
      }
  });
  start[lists.length] = all.length;
  return { words, ids: Uint32Array.from(all), start };
}

/**
 * The text test of a search for the listings in the core's order: whether the listing at `position`, in
 * `commune`, has every search word (`searchWords` of catalogue-filter.ts) — the same answer as `hasWords`.
 */
export function wordsTest(
  index: WordsIndex,
  search: readonly string[],
): (position: number, commune: string) => boolean {
  // Per search word, which of the word list contain it: computed once per search, not per listing.
  const found = search.map((w) => Uint8Array.from(index.words, (word) => (word.includes(w) ? 1 : 0)));
  const communes = new Map<string, string>();
  return (position, commune) => {
    let place = communes.get(commune);
    if (place === undefined) communes.set(commune, (place = normalizeText(commune)));
    const from = index.start[position]!;
    const to = index.start[position + 1]!;
    for (let s = 0; s < search.length; s++) {
      if (place.includes(search[s]!)) continue;
      const has = found[s]!;
      let hit = false;
      for (let k = from; k < to && !hit; k++) hit = has[index.ids[k]!] === 1;
      if (!hit) return false;
    }
    return true;
  };
}
