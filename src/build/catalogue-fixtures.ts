// Listings as the API gives them, for the catalogue index's tests.
import type { Property } from '../contract/index.ts';

export const image = (id: string) => ({
  id,
  type: 'image' as const,
  url: `/media/${id}-1600.webp`,
  thumbnail: `/media/${id}-thumb.webp`,
  variants: [480, 960, 1600].map((width) => ({ width, url: `/media/${id}-${width}.webp` })),
});

export function property(over: Partial<Property>): Property {
  return {
    id: 1,
    title: 'Villa à Ngaliema',
    description: 'D',
    titleEn: null,
    descriptionEn: null,
    titleLn: null,
    descriptionLn: null,
    price: 250_000,
    currency: 'USD',
    type: 'sale',
    category: 'villa',
    bedrooms: 4,
    bathrooms: null,
    area: 600,
    address: 'Avenue des Aviateurs 3',
    state: 'Ngaliema',
    lat: -4.371234567,
    long: 15.25,
    features: [],
    amenities: [],
    availableFrom: null,
    verifiedAt: null,
    media: [image('a'.repeat(32)), image('b'.repeat(32))],
    managerId: null,
    agent: null,
    status: 'available',
    featured: true,
    advanceMonths: null,
    depositMonths: null,
    commissionMonths: null,
    viewCount: 0,
    lastViewedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}
