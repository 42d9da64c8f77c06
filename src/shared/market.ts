import type { PropertyStatus } from './enums.ts';

/**
 * Whether a listing is on the market: one a visitor can still buy or rent. Sold and withdrawn
 * ("unavailable") listings keep their published page, reachable by its address, but the site offers only
 * the others: the catalogue's index (src/build/catalogue-index.ts), the content search's index (the listing
 * page's `searchable`, decision 0002: a result for a sold house is a dead end) and the home page's featured
 * listings all use this one rule.
 */
export const isOnTheMarket = (status: PropertyStatus): boolean =>
  status !== 'sold' && status !== 'unavailable';
