/**
 * Exact words for the content search (decision 0051). Pagefind indexes stems, and French stemming
 * folds words together ("terrasse" and "terre" both become "terr"), then extends each query stem to every
 * word it begins ("terr" finds "terrain"): the villa with "une grande terrasse" came after forty plots of land.
 * So the index is also given each page's words as they are written, as tokens no stemmer changes and no
 * stem extends to ("zqterrassezq"); the search page asks for those first. The build (src/build/search-index.ts)
 * and the search page (src/scripts/search.ts) split words with the same function below.
 */

/** Around each exact token: letters that begin or end no word of the site, and no stemmer strips. */
const MARK = 'zq';

/** An exact word as the index holds it. */
export const exactToken = (word: string): string => `${MARK}${word}${MARK}`;

/** Whether a word of Pagefind's content or excerpt is an exact token (shown to nobody). */
export const isExactToken = (word: string): boolean => /^zq[\p{L}\p{N}]+zq$/u.test(word);

/** A text's words, lower case, in order: runs of letters and digits, as Pagefind splits them. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A word without case or accents, for comparing a query's word with a page's ("électrogène", "electrogene"). */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * Whether a word gets an exact token: three characters or more, a letter among them. Stemming leaves
 * shorter words and numbers alone, and each token weighs in every result's fragment (decision 0051).
 */
export const hasExactToken = (word: string): boolean => word.length >= 3 && /\p{L}/u.test(word);

/** A text's distinct words that have exact tokens, as tokens, space-separated, in order of first use. */
export function exactTokens(text: string): string {
  return [...new Set(searchWords(text).filter(hasExactToken))].map(exactToken).join(' ');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** HTML's character references in a text: named ones of the few the site writes, and numeric ones. */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
