import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fr } from './fr.ts';
import { LN_FRENCH_KEPT, LN_GLOSSARY, LN_QUOTED_NAME } from './ln-glossary.ts';
import { ln } from './ln.ts';
import type { MessageKey } from './types.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A whole word or phrase, any case: letters (é included) on either side make it another word. A term ending
 * in "-" is a verb root: up to four letters of prefix before it (to-, ko-, bako-…) and any ending after.
 */
const termPattern = (term: string) =>
  term.endsWith('-')
    ? new RegExp(`(?<![\\p{L}\\p{N}])\\p{L}{0,4}${escape(term.slice(0, -1))}\\p{L}*`, 'iu')
    : new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}(?![\\p{L}\\p{N}])`, 'iu');

/** The words of an entry: `{placeholders}` are names for the code, not Lingala. */
const words = (value: string) => value.replace(/\{\w+\}/g, ' ');
const uses = (term: string, value: string) => termPattern(term).test(words(value));

const entries = Object.entries(ln) as [MessageKey, string][];
const byConcept = LN_GLOSSARY.map((g) => [g.concept, g] as const);

describe('Lingala glossary: one word per concept', () => {
  it.each(byConcept)('%s: no entry uses a ruled-out term', (_, g) => {
    const offenders = entries.flatMap(([key, value]) =>
      key in (g.except ?? {}) || g.allowedWhereFrench?.test(fr[key])
        ? []
        : g.ruledOut.filter((term) => uses(term, value)).map((term) => `${key}: "${term}" in "${value}"`),
    );
    expect(offenders).toEqual([]);
  });

  it.each(byConcept)('%s: the keys that name it use the chosen word', (_, g) => {
    for (const key of g.namedIn) expect(uses(g.chosen, ln[key]), `${key}: "${ln[key]}"`).toBe(true);
  });

  it.each(byConcept)('%s: every exception is still needed', (_, g) => {
    for (const key of Object.keys(g.except ?? {}) as MessageKey[]) {
      expect(
        g.ruledOut.some((term) => uses(term, ln[key])),
        `${key} no longer uses a ruled-out term: drop its exception`,
      ).toBe(true);
      expect(g.allowedWhereFrench?.test(fr[key]) ?? false, `${key}: its French already allows it`).toBe(
        false,
      );
    }
  });

  it('quotes «\u00a0Oyo nalingi\u00a0» as a name wherever it is not the whole entry', () => {
    const bare = new RegExp(`(?<!«\u00a0)${LN_QUOTED_NAME.name}(?!\u00a0»)`, 'i');
    const offenders = entries
      .filter(([key, value]) => value !== LN_QUOTED_NAME.name && !(key in LN_QUOTED_NAME.except))
      .filter(([, value]) => bare.test(value))
      .map(([key, value]) => `${key}: "${value}"`);
    expect(offenders).toEqual([]);
    for (const key of Object.keys(LN_QUOTED_NAME.except) as MessageKey[]) expect(ln[key]).toMatch(bare);
  });

  it.each(Object.entries(LN_FRENCH_KEPT))('%s keeps the French "%s"', (key, french) => {
    expect(ln[key as MessageKey]).toContain(french);
  });

  it('matches whole words and verb roots, in any case, outside placeholders', () => {
    expect(uses('ndako', 'Ndako etekami')).toBe(true);
    expect(uses('ndako', 'Bandako 12')).toBe(false);
    expect(uses('location', 'Kobatela ba propriété ya Location.')).toBe(true);
    expect(uses('lien', 'ba liens')).toBe(false);
    expect(uses('pamba', 'Liste ezali mpamba')).toBe(false);
    expect(uses('page', '{page} | {agency}')).toBe(false);
    // What the whole-word check let through: a conjugated verb.
    expect(uses('bomb-', 'Oyo tobombaka')).toBe(true);
    expect(uses('bomb-', 'Ebombami')).toBe(true);
    expect(uses('bomb-', 'Oyo tobatelaka')).toBe(false);
  });
});

describe('Lingala plurals', () => {
  it.each(['catalogue.map.noPosition', 'home.highlights.properties.titleExact'] as const)(
    '%s names one item in the singular',
    (base) => {
      expect(ln[`${base}.one`]).toMatch(/^Propriété \{count\}/);
      expect(ln[`${base}.other`]).toMatch(/^Ba propriété \{count\}/);
    },
  );
});

describe('Lingala legal pages (src/content/legal)', () => {
  // They were written apart from ln.ts, and kept with "kobomba" (to hide) what is stored.
  it.each(['privacy', 'terms'])('%s: keeping is "kobatela", the address "adresse"', (page) => {
    const text = readFileSync(new URL(`../content/legal/${page}.ln.md`, import.meta.url), 'utf8');
    // Encrypting is hiding: "ebombaka (chiffre)" says what it means.
    const lines = text.split('\n').filter((line) => !line.includes('(chiffre)'));
    expect(lines.filter((line) => uses('bomb-', line) || uses('adresi', line))).toEqual([]);
  });
});
