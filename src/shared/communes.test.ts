import { describe, expect, it } from 'vitest';
import { COMMUNES } from './enums.ts';
import { COMMUNE_CENTRES, communeOfSlug, communePath, communeSlug, nearestCommune } from './communes.ts';

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

  it('suggests the commune of a point from the nearest centre, none outside the city', () => {
    // The Palais du Peuple, in Lingwala; the Boulevard du 30 Juin, in Gombe.
    expect(nearestCommune(-4.3217, 15.2972)?.commune).toBe('Lingwala');
    expect(nearestCommune(-4.3035, 15.3045)?.commune).toBe('Gombe');
    for (const c of COMMUNES)
      expect(nearestCommune(COMMUNE_CENTRES[c].lat, COMMUNE_CENTRES[c].long)).toEqual({ commune: c, km: 0 });
    // Paris, and a point 50 km south of the city, are not in any commune.
    expect(nearestCommune(48.8566, 2.3522)).toBeNull();
    expect(nearestCommune(-4.9, 15.3)).toBeNull();
    expect(nearestCommune(-4.33, 15.31)!.km).toBeLessThan(2);
  });
});
