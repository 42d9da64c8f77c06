import { describe, expect, it } from 'vitest';
import {
  exactExcerpt,
  excerptRuns,
  filterOptions,
  isActive,
  pagefindExcerpt,
  pagefindFilters,
  parseSearch,
  querySearches,
  rankResults,
  toSearch,
} from './search-state.ts';

describe('search state', () => {
  it('round-trips the query and the chosen filters through the URL', () => {
    const state = parseSearch('?q=+groupe+%C3%A9lectrog%C3%A8ne+&commune=Mont-Ngafula&type=&x=1');
    expect(state).toEqual({
      q: 'groupe électrogène',
      filters: { type: '', category: '', commune: 'Mont-Ngafula' },
    });
    expect(parseSearch(toSearch(state))).toEqual(state);
    expect(toSearch(parseSearch(''))).toBe('');
  });

  it('keeps a URL from carrying an endless text', () => {
    expect(parseSearch(`?q=${'a'.repeat(500)}`).q).toHaveLength(100);
  });

  it('searches for words or a filter alone, and passes Pagefind only the chosen filters', () => {
    expect(isActive(parseSearch(''))).toBe(false);
    expect(isActive(parseSearch('?category=Villa'))).toBe(true);
    expect(pagefindFilters(parseSearch('?q=a&category=Villa&commune=Gombe'))).toEqual({
      category: 'Villa',
      commune: 'Gombe',
    });
  });

  it('orders a filter by frequency, then by name', () => {
    expect(filterOptions({ Limete: 2, Gombe: 5, Bumbu: 2 })).toEqual([
      ['Gombe', 5],
      ['Bumbu', 2],
      ['Limete', 2],
    ]);
    expect(filterOptions(undefined)).toEqual([]);
  });
});

describe('excerptRuns', () => {
  it('keeps the marked words and decodes the text around them', () => {
    expect(
      excerptRuns('Villa avec <mark>piscine</mark> &amp; jardin, l&#39;eau du <mark>forage</mark>'),
    ).toEqual([
      { text: 'Villa avec ', mark: false },
      { text: 'piscine', mark: true },
      { text: " & jardin, l'eau du ", mark: false },
      { text: 'forage', mark: true },
    ]);
  });

  it('leaves any other tag as visible text, never markup', () => {
    const runs = excerptRuns('&lt;img src=x onerror=alert(1)&gt; <b>gras</b> <MARK>ok</MARK>');
    expect(runs).toEqual([
      { text: '<img src=x onerror=alert(1)> <b>gras</b> ', mark: false },
      { text: 'ok', mark: true },
    ]);
  });
});

describe('the order of the results and why each matched (decision 0051)', () => {
  const r = (...ids: string[]) => ids.map((id) => ({ id }));

  it('asks for the words as typed and as a phrase, besides Pagefind’s own search', () => {
    expect(querySearches(' Groupe  électrogène ')).toEqual({
      exact: 'zqgroupezq zqélectrogènezq',
      phrase: '"groupe électrogène"',
    });
    expect(querySearches('  ')).toBeNull();
    // Short words and numbers have no exact token: the phrase and Pagefind's search find them.
    expect(querySearches('de 300')).toEqual({ exact: null, phrase: '"de 300"' });
  });

  it('puts the exact words first, then the phrase’s stems, then the longer words, each in Pagefind’s order', () => {
    // "terrasse": the villa (v) has the word; plots (t1, t2) have "terre" (the same stem), "terrain" (longer).
    const all = r('t1', 't2', 'v', 'x');
    expect(rankResults(r('v'), r('t1', 'v'), all).map((x) => x.id)).toEqual(['v', 't1', 't2', 'x']);
    // Two words: both as typed and side by side, then both as typed, then the phrase, then the rest.
    expect(rankResults(r('a', 'b'), r('b', 'c'), r('c', 'b', 'd', 'a')).map((x) => x.id)).toEqual([
      'b',
      'a',
      'c',
      'd',
    ]);
    // The count is every page once.
    expect(rankResults(r('a'), r('a'), r('a', 'b'))).toHaveLength(2);
  });

  it('shows the words as typed in the page’s text, marked, without the index’s tokens', () => {
    const content =
      'Villa avec piscine. Une grande terrasse et un groupe électrogène. zqvillazq zqterrassezq zqgroupezq';
    const runs = exactExcerpt(content, 'Electrogene groupe', 6)!;
    expect(runs.map((x) => (x.mark ? `[${x.text}]` : x.text)).join('')).toBe(
      '… grande terrasse et un [groupe] [électrogène.]',
    );
    expect(exactExcerpt(content, 'terre')).toBeNull();
    expect(exactExcerpt(content, 'zqvillazq')).toBeNull();
  });

  it('cleans Pagefind’s excerpt of the tokens when the words as typed are not in the text', () => {
    const runs = pagefindExcerpt('en <mark>terre</mark> battue. zqterrainzq zqdezq');
    expect(runs.map((x) => (x.mark ? `[${x.text}]` : x.text)).join('')).toBe('en [terre] battue.');
  });
});
