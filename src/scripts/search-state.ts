/**
 * The content search's state and the pure parts of its page (src/scripts/search.ts): the query and filters
 * the URL holds, the filters given to Pagefind, and Pagefind's excerpts turned into text runs.
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
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
