// Builders shared by the catalogue's query tests.
import type { Listing } from '../../shared/listing-index.ts';
import { amenityMask } from '../../shared/trust.ts';
import { DEFAULT_QUERY, type CatalogueQuery } from './query.ts';

let nextId = 1;
export function listing(over: Partial<Listing> = {}): Listing {
  return {
    id: nextId++,
    position: 0,
    detailed: true,
    type: 'sale',
    category: 'house',
    state: 'Limete',
    price: 100_000,
    currency: 'USD',
    area: 200,
    bedrooms: 3,
    bathrooms: 2,
    lat: null,
    long: null,
    createdDay: 20_000,
    title: 'Maison familiale',
    address: 'Avenue de la Paix 12',
    media: [],
    mediaCount: 0,
    status: 'available',
    featured: false,
    moveInMonths: null,
    amenityMask: amenityMask(over.amenities ?? []),
    amenities: [],
    verifiedDay: null,
    availableDay: null,
    ...over,
  };
}

export const query = (over: Partial<CatalogueQuery> = {}): CatalogueQuery => ({ ...DEFAULT_QUERY, ...over });

/** mulberry32: a small seeded PRNG, so the generated cases are the same on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
