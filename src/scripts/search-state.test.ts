import { describe, expect, it } from 'vitest';
import {
  excerptRuns,
  filterOptions,
  isActive,
  pagefindFilters,
  parseSearch,
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
