import type { pageViews } from '../db/schema.ts';
import type { ListingRef } from './activity.ts';
import { between, chance, hex, pick, weighted, type Rng } from './random.ts';

type PageViewRow = typeof pageViews.$inferInsert;

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Share of the day's visits per hour, Kinshasa time: a morning peak and a bigger evening one. */
const HOURS = [2, 1, 1, 1, 1, 2, 4, 7, 9, 10, 10, 9, 9, 8, 8, 8, 9, 10, 12, 13, 12, 10, 7, 4];

const HOUR_WEIGHTS = HOURS.map((w, h) => [h, w] as const);

/** A listing's page, the most viewed listings drawing most of the traffic, so a few reach the top pages. */
function listingPaths(rng: Rng, listings: readonly ListingRef[]): () => string {
  const byViews = [...listings].sort((a, b) => b.viewCount - a.viewCount);
  const tiers = [byViews.slice(0, 6), byViews.slice(0, 60), byViews];
  return () =>
    listings.length === 0
      ? '/properties'
      : `/property/${
          pick(
            rng,
            weighted(rng, [
              [tiers[0] ?? [], 40],
              [tiers[1] ?? [], 30],
              [tiers[2] ?? [], 30],
            ] as const),
          ).id
        }`;
}

/** Where the day `d` days ago starts, Kinshasa time, and how many sessions it has: a rising trend, quieter weekends. */
function dayOfTraffic(
  rng: Rng,
  now: number,
  d: number,
  days: number,
): { dayStart: number; sessions: number } {
  const dayStart = Math.floor((now + 3_600_000) / DAY) * DAY - 3_600_000 - d * DAY;
  const weekday = new Date(dayStart + 3_600_000).getUTCDay();
  const trend = 26 + ((days - d) / days) * 22;
  const sessions = Math.round(
    trend * (weekday === 0 ? 0.7 : weekday === 6 ? 0.85 : 1) * between(rng, 0.8, 1.2),
  );
  return { dayStart, sessions };
}

/** The page a visitor opens next: from the catalogue or a listing, mostly another listing. */
const nextPath = (rng: Rng, path: string): string =>
  path === '/properties' || path === 'property'
    ? weighted(rng, [
        ['property', 60],
        ['/properties', 20],
        ['/contact', 10],
        ['/favorites', 10],
      ])
    : weighted(rng, [
        ['/properties', 50],
        ['property', 30],
        ['/about', 10],
        ['/contact', 10],
      ]);

interface SessionStart {
  at: number;
  now: number;
  /** Every visitor so far: a fifth of sessions are a returning one. */
  visitors: string[];
  propertyPath: () => string;
}

/** One visit of one to eight pages, in one language, from its first page on. */
function oneSession(rng: Rng, { at: start, now, visitors, propertyPath }: SessionStart): PageViewRow[] {
  const rows: PageViewRow[] = [];
  let at = start;
  const visitor = visitors.length > 20 && chance(rng, 0.2) ? pick(rng, visitors.slice(-300)) : hex(rng, 16);
  visitors.push(visitor);
  const session = hex(rng, 16);
  const lang = weighted(rng, [
    ['', 85],
    ['/en', 12],
    ['/ln', 3],
  ]);
  const pages = weighted(rng, [
    [1, 42],
    [2, 20],
    [3, 15],
    [4, 10],
    [5, 6],
    [6, 4],
    [8, 3],
  ]);
  let path = weighted(rng, [
    ['/', 45],
    ['/properties', 20],
    ['property', 25],
    ['/contact', 5],
    ['/about', 5],
  ]);
  for (let p = 0; p < pages && at <= now; p++) {
    const real = path === 'property' ? propertyPath() : path;
    rows.push({ path: lang && real === '/' ? lang : `${lang}${real}`, visitor, session, at: new Date(at) });
    at += between(rng, 0.3, 4) * MINUTE;
    path = nextPath(rng, path);
  }
  return rows;
}

/** Demo traffic: sessions of one to eight pages over the last `days` days. */
export function buildPageViews(
  rng: Rng,
  now: number,
  listings: readonly ListingRef[],
  days = 60,
): PageViewRow[] {
  const rows: PageViewRow[] = [];
  const propertyPath = listingPaths(rng, listings);
  const visitors: string[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const { dayStart, sessions } = dayOfTraffic(rng, now, d, days);
    for (let s = 0; s < sessions; s++) {
      const at = dayStart + weighted(rng, HOUR_WEIGHTS) * 3_600_000 + rng() * 3_600_000;
      if (at > now) continue;
      rows.push(...oneSession(rng, { at, now, visitors, propertyPath }));
    }
  }
  return rows;
}
