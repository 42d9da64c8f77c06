import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  exactToken,
  exactTokens,
  foldWord,
  isExactToken,
  searchWords,
} from './search-words.ts';

describe('search words', () => {
  it('splits a text into lower-case runs of letters and digits, as Pagefind does', () => {
    expect(searchWords("Groupe électrogène, l'eau 24h/24 à Mont-Ngafula")).toEqual([
      'groupe',
      'électrogène',
      'l',
      'eau',
      '24h',
      '24',
      'à',
      'mont',
      'ngafula',
    ]);
    expect(searchWords('  ')).toEqual([]);
  });

  it('makes tokens of distinct words that no word of a page looks like', () => {
    expect(exactTokens('Terrasse, terrasse et terre de 300 m² 24h')).toBe('zqterrassezq zqterrezq zq24hzq');
    expect(isExactToken(exactToken('électrogène'))).toBe(true);
    expect(isExactToken('terrasse')).toBe(false);
    expect(isExactToken('zq')).toBe(false);
  });

  it('compares words without case or accents', () => {
    expect(foldWord('Électrogène')).toBe(foldWord('electrogene'));
  });

  it('decodes the character references of a page’s text', () => {
    expect(decodeEntities('d&#39;eau &amp; forage &#x2014; &nbsp;&bogus;')).toBe(
      "d'eau & forage — \u00a0&bogus;",
    );
  });
});
