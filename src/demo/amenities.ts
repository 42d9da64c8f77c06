import { AMENITIES, VERIFICATION_DAYS, type Amenity } from '../contract/index.ts';
import type { PropertyRow } from './listings.ts';
import { between, chance, int, type Rng } from './random.ts';

const DAY = 86_400_000;

/** The demo's free-text features that are amenities now: they move to the structured list. */
const FROM_FEATURE: Readonly<Record<string, Amenity>> = {
  'Groupe électrogène': 'generator',
  'Panneaux solaires': 'solar',
  "Citerne d'eau": 'waterTank',
  Forage: 'borehole',
  'Gardiennage 24h/24': 'guard',
  Guérite: 'guard',
  'Accès goudronné': 'pavedRoad',
  Parking: 'parking',
  Meublé: 'furnished',
  Climatisation: 'airConditioning',
  Jardin: 'garden',
  Piscine: 'pool',
};

/** Prepaid (Cash Power) meters are common in the better-served communes; less so in the outskirts. */
const PREPAID_SHARE = [0.2, 0.35, 0.5, 0.65, 0.8] as const;

/**
 * Splits a listing's generated features into its amenities and the rest, and adds what the texts do not
 * draw (prepaid meter; solar where the grid is weak). Land gets none: there is no house yet.
 */
export function amenitiesOf(
  rng: Rng,
  row: Pick<PropertyRow, 'category' | 'features'>,
  level: number,
): { amenities: Amenity[]; features: string[] } {
  const features = row.features ?? [];
  if (row.category === 'land') return { amenities: [], features };
  const found = new Set<Amenity>();
  const rest: string[] = [];
  for (const f of features) {
    const amenity = FROM_FEATURE[f];
    if (amenity) found.add(amenity);
    else rest.push(f);
  }
  // A villa in a good commune always has its generator: SNEL cuts are daily there too.
  if (row.category === 'villa' && level >= 2) found.add('generator');
  if (chance(rng, PREPAID_SHARE[level] ?? 0.5)) found.add('prepaidMeter');
  if (level <= 1 && chance(rng, 0.25)) found.add('solar');
  return { amenities: AMENITIES.filter((a) => found.has(a)), features: rest };
}

/**
 * Checks and availability, so a new user sees every state: listings on the market are checked
 * recently (two in five), long ago (one in four drawn, where the listing is old enough: the admin's "to
 * re-verify") or never; some become free later.
 */
export function trustOf(
  rng: Rng,
  row: Pick<PropertyRow, 'status' | 'createdAt'>,
  now: number,
): Pick<PropertyRow, 'verifiedAt' | 'availableFrom'> {
  const open = row.status === 'available' || row.status === 'hot';
  const created = row.createdAt instanceof Date ? row.createdAt.getTime() : now;
  let verifiedAt: Date | null = null;
  if (open) {
    const r = rng();
    const ageDays = Math.max(0, (now - created) / DAY);
    // Recent checks fall after the listing came in (the newest, first in the admin's list, show some);
    // old ones only on listings old enough to have had them.
    const ago =
      r < 0.4
        ? between(rng, 0, Math.min(VERIFICATION_DAYS - 5, ageDays))
        : r < 0.65
          ? between(rng, VERIFICATION_DAYS + 5, 400)
          : null;
    if (ago !== null && ago <= ageDays) verifiedAt = new Date(now - ago * DAY);
  }
  let availableFrom: string | null = null;
  if (open && chance(rng, 0.55)) {
    // Most are free now (a past day); some from a day in the next two months.
    const offset = chance(rng, 0.6) ? -int(rng, 1, 60) : int(rng, 3, 60);
    availableFrom = new Date(now + offset * DAY).toISOString().slice(0, 10);
  }
  return { verifiedAt, availableFrom };
}
