/**
 * The 24 communes of Kinshasa as places (decision 0029): the address of each commune's page and
 * where its built-up heart lies. Browser-safe: the build's commune pages, the listing pages' links and the
 * demo seed (which scatters listings around these centres) read this one table.
 */
import { COMMUNES, type Commune } from './enums.ts';

/** "Mont-Ngafula" → "mont-ngafula", "Kasa-Vubu" → "kasa-vubu": lower case, accents dropped, words hyphenated. */
export function communeSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const BY_SLUG = new Map<string, Commune>(COMMUNES.map((c) => [communeSlug(c), c]));

/** The commune a page address names, or undefined. */
export const communeOfSlug = (slug: string): Commune | undefined => BY_SLUG.get(slug);

/** The commune's page, without language: "/communes/gombe". */
export const communePath = (name: Commune) => `/communes/${communeSlug(name)}`;

/** Approximate centre of each commune's built-up part, in degrees (schema.org `geo` of its page). */
export const COMMUNE_CENTRES: Readonly<Record<Commune, { lat: number; long: number }>> = {
  Gombe: { lat: -4.305, long: 15.303 },
  Ngaliema: { lat: -4.36, long: 15.237 },
  Limete: { lat: -4.355, long: 15.343 },
  Lemba: { lat: -4.395, long: 15.318 },
  Kintambo: { lat: -4.328, long: 15.272 },
  Bandalungwa: { lat: -4.343, long: 15.284 },
  'Mont-Ngafula': { lat: -4.45, long: 15.275 },
  'Kasa-Vubu': { lat: -4.342, long: 15.303 },
  Kalamu: { lat: -4.353, long: 15.315 },
  Lingwala: { lat: -4.322, long: 15.297 },
  Kinshasa: { lat: -4.326, long: 15.312 },
  Barumbu: { lat: -4.315, long: 15.33 },
  'Ngiri-Ngiri': { lat: -4.353, long: 15.297 },
  Bumbu: { lat: -4.372, long: 15.293 },
  Selembao: { lat: -4.382, long: 15.282 },
  Makala: { lat: -4.382, long: 15.308 },
  Ngaba: { lat: -4.38, long: 15.324 },
  Matete: { lat: -4.384, long: 15.346 },
  Kisenso: { lat: -4.415, long: 15.338 },
  Ndjili: { lat: -4.398, long: 15.362 },
  Masina: { lat: -4.385, long: 15.395 },
  Kimbanseke: { lat: -4.44, long: 15.39 },
  Nsele: { lat: -4.39, long: 15.5 },
  Maluku: { lat: -4.07, long: 15.56 },
};

/**
 * Beyond this from every centre, a point is not suggested a commune: it is outside the city (Maluku, the
 * widest, stretches about 40 km from its centre's built-up part; a point farther is most likely a wrong fix).
 */
export const NEAREST_COMMUNE_MAX_KM = 40;

/**
 * The commune whose centre is nearest a point, with the distance in km, or null when none is within
 * NEAREST_COMMUNE_MAX_KM (the admin's "Utiliser ma position"). Centres, not outlines: a
 * suggestion staff confirm, right in the heart of a commune and possibly the neighbour's near its edge.
 */
export function nearestCommune(lat: number, long: number): { commune: Commune; km: number } | null {
  let best: { commune: Commune; km: number } | null = null;
  for (const commune of COMMUNES) {
    const km = distanceKm(lat, long, COMMUNE_CENTRES[commune]);
    if (!best || km < best.km) best = { commune, km };
  }
  return best && best.km <= NEAREST_COMMUNE_MAX_KM ? best : null;
}

/** Great-circle distance (haversine), in km. */
function distanceKm(lat: number, long: number, to: { lat: number; long: number }): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - lat) * rad;
  const dLong = (to.long - long) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}
