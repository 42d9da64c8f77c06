import {
  decodeEntities,
  exactToken,
  foldWord,
  hasExactToken,
  isExactToken,
  searchWords,
} from '../shared/search-words.ts';

/**
 * The content search's state and the pure parts of its page (src/scripts/search.ts): the query and filters
 * the URL holds, the filters given to Pagefind, the order of its results, and the excerpts as text runs.
 */

export const RESULTS_PAGE_SIZE = 10;
/** Pagefind's filters the page offers, in this order (src/components/property/PropertyDetail.astro). */
export const FILTER_NAMES = ['type', 'category', 'commune'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
/** Longest text kept from a URL or a field. */
const MAX_TEXT = 100;

export interface SearchState {
  q: string;
  filters: Record<FilterName, string>;
}

const clip = (value: string | null) => (value ?? '').trim().slice(0, MAX_TEXT);

export function parseSearch(search: string): SearchState {
  const params = new URLSearchParams(search);
  return {
    q: clip(params.get('q')),
    filters: {
      type: clip(params.get('type')),
      category: clip(params.get('category')),
      commune: clip(params.get('commune')),
    },
  };
}

/** "?q=piscine&commune=Gombe"; empty values are left out, and nothing at all gives "". */
export function toSearch(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const name of FILTER_NAMES) if (state.filters[name]) params.set(name, state.filters[name]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether there is anything to search for: words, or a filter alone. */
export function isActive(state: SearchState): boolean {
  return state.q !== '' || FILTER_NAMES.some((name) => state.filters[name] !== '');
}

/** The filters in Pagefind's shape: only those chosen. */
export function pagefindFilters(state: SearchState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FILTER_NAMES) if (state.filters[name]) out[name] = state.filters[name];
  return out;
}

/** A filter's values, most frequent first then by name, for a select. */
export function filterOptions(counts: Readonly<Record<string, number>> | undefined): [string, number][] {
  return Object.entries(counts ?? {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'fr'));
}

export interface TextRun {
  text: string;
  mark: boolean;
}

/**
 * Pagefind's excerpt is HTML whose only tags are the <mark> around the words found. It is split into text
 * runs that the page inserts as text nodes, so nothing in a description can ever become markup: any other
 * tag-like text stays visible text.
 */
export function excerptRuns(html: string): TextRun[] {
  const runs: TextRun[] = [];
  let mark = false;
  for (const part of html.split(/(<\/?mark>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<mark>') mark = true;
    else if (tag === '</mark>') mark = false;
    else if (part) runs.push({ text: decodeEntities(part), mark });
  }
  return runs;
}

/**
 * The searches one query makes (decision 0051): the words exactly as typed (their exact tokens, every word
 * in the page), the words as a phrase of whole stems (Pagefind's quoted search: adjacent, no extension to
 * longer words), and Pagefind's own search (stems, each extended to the words it begins). Null for a
 * search by filters alone.
 */
export function querySearches(q: string): { exact: string | null; phrase: string } | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  // Words without a token (short ones, numbers) are left to the other two searches.
  const exact = words.filter(hasExactToken).map(exactToken).join(' ');
  return { exact: exact || null, phrase: `"${words.join(' ')}"` };
}

/**
 * One list from the three searches, best first: pages with the exact words as a phrase, then with the exact
 * words, then with the phrase's stems, then what Pagefind's own search adds (a stem's longer words). Within a
 * group, Pagefind's own order (its weights: a word in a title counts more than in a description; the exact
 * tokens, all in one paragraph, have none). A page comes once; the list's length is the count the page shows.
 */
export function rankResults<T extends { id: string }>(exact: T[], phrase: T[], all: T[]): T[] {
  const rank = new Map(all.map((r, i) => [r.id, i]));
  const byRank = (group: T[]) =>
    group
      .map((r, i) => ({ r, at: rank.get(r.id) ?? all.length + i }))
      .sort((a, b) => a.at - b.at)
      .map(({ r }) => r);
  const inPhrase = new Set(phrase.map((r) => r.id));
  const out = new Map<string, T>();
  const groups = [exact.filter((r) => inPhrase.has(r.id)), exact, phrase, all];
  for (const group of groups) for (const r of byRank(group)) if (!out.has(r.id)) out.set(r.id, r);
  return [...out.values()];
}

/** A page's words as Pagefind's content gives them (spaces between), without the index's exact tokens. */
function shownWords(content: string): string[] {
  return content.split(/\s+/).filter((w) => w && !isExactToken(w.replace(/^\W+|\W+$/gu, '')));
}

/**
 * Why a page matched, in its own words: the part of its text around the query's words as typed (any case or
 * accent), each marked; null when the page has none of them as a whole word (it matched a stem or a longer
 * word: Pagefind's excerpt says which).
 */
export function exactExcerpt(content: string, q: string, length = 24): TextRun[] | null {
  const wanted = new Set(searchWords(q).map(foldWord));
  if (wanted.size === 0) return null;
  const words = shownWords(content);
  const hits = words.map((w) =>
    searchWords(w)
      .map(foldWord)
      .filter((x) => wanted.has(x)),
  );
  let best = -1;
  let bestScore = 0;
  hits.forEach((found, i) => {
    if (found.length === 0) return;
    const seen = new Set(hits.slice(i, i + length).flat());
    if (seen.size > bestScore) [best, bestScore] = [i, seen.size];
  });
  if (best < 0) return null;
  const start = Math.max(0, Math.min(best - 4, words.length - length));
  const end = Math.min(words.length, start + length);
  const runs: TextRun[] = [];
  const push = (text: string, mark: boolean) => {
    const last = runs[runs.length - 1];
    if (last && last.mark === mark) last.text += text;
    else runs.push({ text, mark });
  };
  if (start > 0) push('… ', false);
  for (let i = start; i < end; i++) {
    if (i > start) push(' ', false);
    push(words[i]!, hits[i]!.length > 0);
  }
  if (end < words.length) push(' …', false);
  return runs;
}

/** Pagefind's excerpt as text runs, without the index's exact tokens (they end a page's content). */
export function pagefindExcerpt(html: string): TextRun[] {
  return excerptRuns(html)
    .map((run) => ({ ...run, text: shownWords(run.text).join(' ') }))
    .filter((run) => run.text)
    .flatMap((run, i) => (i === 0 ? [run] : [{ text: ' ', mark: false }, run]));
}
