import type { Amenity } from './enums.ts';

/**
 * One line icon per amenity (24 × 24, stroked with currentColor), inlined by the listing page: a few hundred
 * bytes in all, no icon font or sprite to download. Only the build imports this (no island ships it).
 */
export const AMENITY_ICONS: Readonly<Record<Amenity, string>> = {
  generator: 'M3 7h18v12H3zM7 7V4h10v3M13 9.5l-3 4h4l-3 4',
  solar: 'M3 21l2-8h14l2 8zM4 17h16M9.5 13L9 21M14.5 13l.5 8M12 2v3M6 4l1.5 1.5M18 4l-1.5 1.5',
  waterTank:
    'M5 6c0-1.7 3.1-3 7-3s7 1.3 7 3v12c0 1.7-3.1 3-7 3s-7-1.3-7-3zM5 6c0 1.7 3.1 3 7 3s7-1.3 7-3M5 12c0 1.7 3.1 3 7 3s7-1.3 7-3',
  borehole: 'M12 3s-6 6.5-6 11a6 6 0 0 0 12 0c0-4.5-6-11-6-11zM9.5 15a2.5 2.5 0 0 0 2.5 2.5',
  guard: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  pavedRoad: 'M8 3L4 21M16 3l4 18M12 4v3M12 10.5v3M12 17v3',
  parking: 'M4 4h16v16H4zM10 17V7h3.5a3 3 0 0 1 0 6H10',
  furnished:
    'M5 11V8a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v3M3 12a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v5H3zM5 17v2M19 17v2',
  airConditioning: 'M12 2v20M3.5 7l17 10M3.5 17l17-10M9 4l3 3 3-3M9 20l3-3 3 3',
  prepaidMeter: 'M6 3h12v18H6zM9 6h6v4H9zM13 12.5l-2.5 3h3L11 19',
  garden: 'M12 22v-7M7.5 15a4.5 4.5 0 0 1-.8-8.9 5.5 5.5 0 0 1 10.6 0 4.5 4.5 0 0 1-.8 8.9z',
  pool: 'M2 19c2 0 2-1.2 4-1.2s2 1.2 4 1.2 2-1.2 4-1.2 2 1.2 4 1.2 2-1.2 4-1.2M8 16V5.5a2 2 0 0 1 4 0M16 16V5.5a2 2 0 0 0-4 0M8 9h8M8 12.5h8',
};

/** A check mark in a shield: the "checked by the agency" line. */
export const VERIFIED_ICON = 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5';
/** A calendar: the availability line. */
export const CALENDAR_ICON = 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5';
