import type { MediaItem, PropertyCategory, PropertyStatus, PropertyType } from '../contract/index.ts';
import type { properties } from '../db/schema.ts';
import { CATEGORY_MIX, COMMUNE_INFO, pointIn, type CommuneInfo } from './communes.ts';
import { amenitiesOf, trustOf } from './amenities.ts';
import { between, chance, int, pick, sample, seededRandom, skewed, weighted, type Rng } from './random.ts';
import { RENT_SHARE, currencyOf, priceOf, shapeOf } from './pricing.ts';
import { addressFor, descriptionFor, featuresFor, titleFor, type ListingFacts } from './texts.ts';
import { translationsFor } from './translations.ts';

export type PropertyRow = typeof properties.$inferInsert;
export type PhotoKind = PropertyCategory | 'living' | 'kitchen' | 'bedroom' | 'workspace';
export interface PoolPhoto {
  item: MediaItem;
  /** Shows an "À VENDRE" board: not for a listing to let. */
  saleBoard: boolean;
}
export type PhotoPool = Record<PhotoKind, readonly PoolPhoto[]>;

const DAY = 86_400_000;
const STATUS_MIX: readonly (readonly [PropertyStatus, number])[] = [
  ['available', 74],
  ['hot', 8],
  ['sold', 12],
  ['unavailable', 6],
];

/** Start of the calendar month `back` months ago, Kinshasa time (UTC+1), as the dashboard counts it. */
export function monthStart(now: Date, back: number): Date {
  const local = new Date(now.getTime() + 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1) - 3_600_000);
}

/** Every commune gets a share first, so all 24 show up; the rest follows the weights. */
function communePlan(rng: Rng, count: number): CommuneInfo[] {
  const base = Math.floor((count * 0.25) / COMMUNE_INFO.length);
  const plan: CommuneInfo[] = COMMUNE_INFO.flatMap((c) => Array.from({ length: base }, () => c));
  const entries = COMMUNE_INFO.map((c) => [c, c.weight] as const);
  while (plan.length < count) plan.push(weighted(rng, entries));
  return sample(rng, plan, plan.length);
}

const EXTERIOR_TITLES: Record<PropertyCategory, readonly string[]> = {
  apartment: ['Façade', "Vue de l'immeuble", 'Extérieur'],
  house: ['Façade', 'Entrée de la parcelle', 'Vue extérieure'],
  villa: ['Piscine', 'Façade et jardin', 'Vue extérieure'],
  office: ["Façade de l'immeuble", 'Immeuble', 'Vue de la rue'],
  land: ['Parcelle', 'Vue du terrain', 'Accès au terrain'],
};
const ROOM_TITLES: Record<'living' | 'kitchen' | 'bedroom' | 'workspace', readonly string[]> = {
  living: ['Salon', 'Séjour'],
  kitchen: ['Cuisine'],
  bedroom: ['Chambre', 'Chambre principale'],
  workspace: ['Open space', 'Bureaux'],
};

type RoomKind = keyof typeof ROOM_TITLES;
const HOME_ROOMS: readonly RoomKind[] = ['living', 'kitchen', 'bedroom', 'living', 'bedroom'];

/** One to six photos from the pool of the listing's kind: outside first, then rooms. */
function mediaFor(rng: Rng, category: PropertyCategory, type: PropertyType, pool: PhotoPool): MediaItem[] {
  const outside = pool[category].filter((p) => type === 'sale' || !p.saleBoard);
  let exterior: number;
  let rooms: RoomKind[];
  if (category === 'land') {
    exterior = int(rng, 1, 3);
    rooms = [];
  } else if (category === 'office') {
    exterior = int(rng, 1, 3);
    rooms = chance(rng, 0.6) ? ['workspace'] : [];
  } else {
    const total = weighted(rng, [
      [1, 1],
      [2, 2],
      [3, 4],
      [4, 4],
      [5, 3],
      [6, 2],
    ] as const);
    exterior = total >= 4 && chance(rng, 0.5) ? 2 : 1;
    rooms = HOME_ROOMS.slice(0, total - exterior);
  }
  const items: MediaItem[] = sample(rng, outside, exterior).map((p, i) => ({
    ...p.item,
    title: i === 0 ? (EXTERIOR_TITLES[category][0] as string) : pick(rng, EXTERIOR_TITLES[category].slice(1)),
  }));
  const used = new Set<string>();
  for (const kind of rooms) {
    const photo = pick(
      rng,
      pool[kind].filter((p) => !used.has(p.item.url)),
    );
    used.add(photo.item.url);
    items.push({ ...photo.item, title: pick(rng, ROOM_TITLES[kind]) });
  }
  return items;
}

export interface ListingContext {
  now: Date;
  pool: PhotoPool;
  /** Active agents who can manage listings, with how many they carry relative to each other. */
  agents: readonly (readonly [number, number])[];
}

/**
 * What a Kinshasa landlord asks to move in (decision 0022): rent in advance 1 to 12 months (3 and 6 the most
 * common), a deposit of 1 to 12 months (often above the legal 3), one month of commission, usually; some
 * listings say nothing and a few only part, so the site shows every state.
 */
function moveInTerms(rng: Rng) {
  const none = { advanceMonths: null, depositMonths: null, commissionMonths: null };
  const r = rng();
  if (r < 0.15) return none;
  const advanceMonths = weighted(rng, [
    [1, 10],
    [2, 10],
    [3, 35],
    [6, 25],
    [12, 10],
  ] as const);
  const depositMonths = weighted(rng, [
    [1, 10],
    [2, 15],
    [3, 35],
    [4, 5],
    [6, 20],
    [12, 10],
  ] as const);
  const commissionMonths = weighted(rng, [
    [1, 80],
    [0, 8],
    [2, 12],
  ] as const);
  if (r < 0.19) return { ...none, depositMonths };
  if (r < 0.23) return { ...none, advanceMonths, commissionMonths };
  return { advanceMonths, depositMonths, commissionMonths };
}

export function buildListings(rng: Rng, count: number, ctx: ListingContext): PropertyRow[] {
  const now = ctx.now.getTime();
  const rows: PropertyRow[] = [];
  // A source of its own, so adding these terms left every other generated value as it was.
  const terms = seededRandom(0x4d4f5645);
  // The fields added with amenities and checks (decision 0023) draw from their own sequence: the listings drawn before them stay the same.
  const trustRng = seededRandom(0x7472_7573);
  // So do the English and Lingala texts (decision 0029).
  const textRng = seededRandom(0x6c_616e_67);
  for (const commune of communePlan(rng, count)) {
    const category = weighted(rng, CATEGORY_MIX[commune.profile]);
    const type: PropertyType = chance(rng, RENT_SHARE[category]) ? 'rent' : 'sale';
    const shape = shapeOf(rng, category, commune);
    const riverSide = ['Gombe', 'Ngaliema', 'Limete', 'Maluku', 'Barumbu'].includes(commune.name);
    const base = {
      category,
      type,
      commune,
      quartier: pick(rng, commune.quartiers),
      avenue: pick(rng, commune.avenues),
      ...shape,
      furnished: (category === 'apartment' || category === 'villa') && type === 'rent' && chance(rng, 0.35),
      riverView: riverSide && category !== 'office' && chance(rng, 0.15),
    };
    const facts: ListingFacts = { ...base, features: featuresFor(rng, base) };
    const { price, currency } = currencyOf(rng, commune, priceOf(rng, category, type, commune, shape));
    const { lat, long } = pointIn(commune, rng);
    rows.push({
      title: titleFor(rng, facts),
      description: descriptionFor(rng, facts),
      ...translationsFor(textRng, facts),
      price,
      currency,
      type,
      category,
      bedrooms: shape.bedrooms,
      bathrooms: shape.bathrooms,
      area: shape.area,
      address: addressFor(rng, facts),
      state: commune.name,
      lat,
      long,
      ...amenitiesOf(trustRng, { category, features: facts.features as string[] }, commune.level),
      media: mediaFor(rng, category, type, ctx.pool),
      managerId: ctx.agents.length > 0 && chance(rng, 0.85) ? weighted(rng, ctx.agents) : null,
      status: weighted(rng, STATUS_MIX),
      featured: false,
      viewCount: 0,
      ...(type === 'rent' ? moveInTerms(terms) : {}),
    });
  }
  datesAndStatus(rng, rows, now);
  for (const row of rows) Object.assign(row, trustOf(trustRng, row, now));
  // Inserted oldest first, as an agency's listings are: ids then grow with the creation date, which the
  // catalogue's newest-first id column encodes in about 2 B a listing instead of 16 KB at 10,000 (decision 0032).
  return rows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
}

/** Dates over the last 18 months, deals over the last 6 (this month and the last always have some), views, featured. */
function datesAndStatus(rng: Rng, rows: PropertyRow[], now: number): void {
  const present = new Set(rows.map((r) => r.status));
  const missing = STATUS_MIX.map(([s]) => s).filter((s) => !present.has(s));
  missing.forEach((status, i) => {
    const row = rows[rows.length - 1 - i];
    if (row) row.status = status;
  });
  const thisMonth = monthStart(new Date(now), 0).getTime();
  const lastMonth = monthStart(new Date(now), 1).getTime();
  const sixMonths = monthStart(new Date(now), 5).getTime();
  let sold = 0;
  for (const row of rows) {
    let created: number;
    let changed: number;
    if (row.status === 'sold') {
      const bucket =
        sold < 2
          ? sold
          : weighted(rng, [
              [0, 22],
              [1, 20],
              [2, 58],
            ]);
      sold++;
      changed =
        bucket === 0
          ? between(rng, thisMonth, now)
          : bucket === 1
            ? between(rng, lastMonth, thisMonth)
            : between(rng, sixMonths, lastMonth);
      created = Math.max(now - 548 * DAY, changed - between(rng, 10, 300) * DAY);
    } else {
      created = now - skewed(rng, 0, 548, 1.2) * DAY;
      changed = row.status === 'available' ? created : between(rng, created, now);
    }
    const updated = Math.max(changed, created + (now - created) * rng() * 0.5);
    row.createdAt = new Date(created);
    row.statusChangedAt = new Date(changed);
    row.updatedAt = new Date(Math.min(now, updated));
    const popular = chance(rng, 0.015)
      ? between(rng, 1500, 6000)
      : chance(rng, 0.05)
        ? between(rng, 300, 1500)
        : skewed(rng, 0, 300, 1.6);
    row.viewCount = Math.round(popular * (row.status === 'hot' ? 1.6 : 1));
  }
  const eligible = rows.filter(
    (r) => (r.status === 'available' || r.status === 'hot') && r.category !== 'land',
  );
  const wanted = Math.max(Math.min(8, eligible.length), Math.round(rows.length * 0.08));
  const ranked = sample(rng, eligible, eligible.length).sort(
    (a, b) => (b.media?.length ?? 0) - (a.media?.length ?? 0),
  );
  for (const row of ranked.slice(0, wanted)) {
    row.featured = true;
    row.viewCount = (row.viewCount ?? 0) + int(rng, 200, 900);
  }
}
