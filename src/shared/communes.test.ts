import { describe, expect, it } from 'vitest';
import { COMMUNES } from './enums.ts';
import { COMMUNE_CENTRES, communeOfSlug, communePath, communeSlug } from './communes.ts';

describe('commune pages', () => {
  it('names each commune by a lower-case, hyphenated slug', () => {
    expect(communeSlug('Gombe')).toBe('gombe');
    expect(communeSlug('Mont-Ngafula')).toBe('mont-ngafula');
    expect(communeSlug('Kasa-Vubu')).toBe('kasa-vubu');
    expect(communeSlug('  Élégante  Commune ')).toBe('elegante-commune');
    expect(communePath('Ngiri-Ngiri')).toBe('/communes/ngiri-ngiri');
  });

  it('gives the 24 communes 24 different slugs that lead back to them', () => {
    const slugs = COMMUNES.map(communeSlug);
    expect(new Set(slugs).size).toBe(24);
    for (const c of COMMUNES) expect(communeOfSlug(communeSlug(c))).toBe(c);
    expect(communeOfSlug('Gombe')).toBeUndefined();
    expect(communeOfSlug('paris')).toBeUndefined();
  });

  it('places every commune in Kinshasa', () => {
    for (const c of COMMUNES) {
      const { lat, long } = COMMUNE_CENTRES[c];
      expect(lat).toBeGreaterThan(-4.7);
      expect(lat).toBeLessThan(-4);
      expect(long).toBeGreaterThan(15.1);
      expect(long).toBeLessThan(15.7);
    }
  });
});
