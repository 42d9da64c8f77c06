import { COMMUNES, type Commune, type PropertyCategory } from '../contract/index.ts';
import { COMMUNE_CENTRES } from '../shared/communes.ts';
import { PLACES } from './places.ts';

/**
 * How a commune is built up, which decides its mix of listings: the business centre, the residential
 * hills, the dense popular communes and the peri-urban east and south where plots are still sold.
 */
export type Profile = 'centre' | 'residential' | 'urban' | 'popular' | 'periurban';

export interface CommuneInfo {
  name: Commune;
  /** Approximate centre of the built-up part, degrees. */
  lat: number;
  long: number;
  /** Radius in degrees (≈ 111 km per degree) inside which listings are scattered. */
  radius: number;
  /** Share of listings, relative to the others. */
  weight: number;
  /** Price level: 0 (outskirts) to 4 (Gombe). */
  level: 0 | 1 | 2 | 3 | 4;
  profile: Profile;
  quartiers: readonly string[];
  avenues: readonly string[];
  /** Landmarks a listing can be near, with their article ("le rond-point Ma Campagne"). */
  nearby: readonly string[];
}

const list = (s: string) => s.split(', ').map((v) => v.trim());

function c(
  name: Commune,
  radius: number,
  weight: number,
  level: CommuneInfo['level'],
  profile: Profile,
): CommuneInfo {
  const places = PLACES[name];
  return {
    name,
    ...COMMUNE_CENTRES[name],
    radius,
    weight,
    level,
    profile,
    quartiers: list(places.quartiers),
    avenues: list(places.avenues),
    nearby: list(places.nearby),
  };
}

/** Centres in src/shared/communes.ts; the large peri-urban communes get a wide radius. */
export const COMMUNE_INFO: readonly CommuneInfo[] = [
  c('Gombe', 0.012, 11, 4, 'centre'),
  c('Ngaliema', 0.032, 15, 3, 'residential'),
  c('Limete', 0.02, 8, 3, 'residential'),
  c('Lemba', 0.015, 6, 2, 'urban'),
  c('Kintambo', 0.01, 6, 2, 'urban'),
  c('Bandalungwa', 0.009, 6, 2, 'urban'),
  c('Mont-Ngafula', 0.04, 7, 2, 'periurban'),
  c('Kasa-Vubu', 0.007, 3, 2, 'urban'),
  c('Kalamu', 0.009, 3, 2, 'urban'),
  c('Lingwala', 0.006, 3, 2, 'urban'),
  c('Kinshasa', 0.006, 3, 2, 'urban'),
  c('Barumbu', 0.008, 2, 2, 'urban'),
  c('Ngiri-Ngiri', 0.006, 2, 1, 'popular'),
  c('Bumbu', 0.008, 2, 1, 'popular'),
  c('Selembao', 0.01, 2, 1, 'popular'),
  c('Makala', 0.008, 2, 1, 'popular'),
  c('Ngaba', 0.006, 2, 1, 'popular'),
  c('Matete', 0.009, 2, 1, 'popular'),
  c('Kisenso', 0.012, 2, 0, 'periurban'),
  c('Ndjili', 0.01, 3, 1, 'popular'),
  c('Masina', 0.012, 3, 1, 'popular'),
  c('Kimbanseke', 0.018, 3, 0, 'periurban'),
  c('Nsele', 0.04, 3, 0, 'periurban'),
  c('Maluku', 0.06, 2, 0, 'periurban'),
];

const missing = COMMUNES.filter((name) => !COMMUNE_INFO.some((info) => info.name === name));
if (missing.length > 0) throw new Error(`Seed: no data for communes ${missing.join(', ')}`);

/** The mix of categories in each kind of commune. */
export const CATEGORY_MIX: Record<Profile, readonly (readonly [PropertyCategory, number])[]> = {
  centre: [
    ['apartment', 45],
    ['office', 25],
    ['villa', 14],
    ['house', 10],
    ['land', 6],
  ],
  residential: [
    ['apartment', 24],
    ['house', 30],
    ['villa', 26],
    ['office', 6],
    ['land', 14],
  ],
  urban: [
    ['apartment', 30],
    ['house', 44],
    ['villa', 6],
    ['office', 8],
    ['land', 12],
  ],
  popular: [
    ['apartment', 18],
    ['house', 55],
    ['villa', 2],
    ['office', 5],
    ['land', 20],
  ],
  periurban: [
    ['house', 38],
    ['land', 40],
    ['villa', 14],
    ['apartment', 6],
    ['office', 2],
  ],
};

/** A point scattered inside the commune, denser towards its centre, rounded to about a metre. */
export function pointIn(info: CommuneInfo, rng: () => number): { lat: number; long: number } {
  const angle = rng() * Math.PI * 2;
  const distance = info.radius * Math.pow(rng(), 0.7);
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    lat: round(info.lat + Math.sin(angle) * distance),
    long: round(info.long + Math.cos(angle) * distance),
  };
}
