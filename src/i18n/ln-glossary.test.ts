import { describe, expect, it } from 'vitest';
import { LN_GLOSSARY } from './ln-glossary.ts';
import { ln } from './ln.ts';
import type { MessageKey } from './types.ts';

/** A whole word or phrase, any case: letters (é included) on either side make it another word. */
const wholeWord = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${term}(?![\\p{L}\\p{N}])`, 'iu');

const entries = Object.entries(ln) as [MessageKey, string][];

describe('Lingala glossary: one word per concept', () => {
  it.each(LN_GLOSSARY.map((g) => [g.concept, g] as const))('%s: no entry uses a ruled-out term', (_, g) => {
    const offenders = entries.flatMap(([key, value]) =>
      key in (g.except ?? {})
        ? []
        : g.ruledOut
            .filter((term) => wholeWord(term).test(value))
            .map((term) => `${key}: "${term}" in "${value}"`),
    );
    expect(offenders).toEqual([]);
  });

  it.each(LN_GLOSSARY.map((g) => [g.concept, g] as const))(
    '%s: the keys that name it use the chosen word',
    (_, g) => {
      for (const key of g.namedIn) expect(ln[key], key).toMatch(wholeWord(g.chosen));
    },
  );

  it.each(LN_GLOSSARY.map((g) => [g.concept, g] as const))('%s: every exception is still needed', (_, g) => {
    for (const key of Object.keys(g.except ?? {}) as MessageKey[]) {
      expect(
        g.ruledOut.some((term) => wholeWord(term).test(ln[key])),
        `${key} no longer uses a ruled-out term: drop its exception`,
      ).toBe(true);
    }
  });

  it('matches whole words only, in any case', () => {
    expect(wholeWord('ndako').test('Ndako etekami')).toBe(true);
    expect(wholeWord('ndako').test('Bandako 12')).toBe(false);
    expect(wholeWord('location').test('Kobatela ba propriété ya Location.')).toBe(true);
    expect(wholeWord('lien').test('ba liens')).toBe(false);
  });
});
