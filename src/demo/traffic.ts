import type { pageViews } from '../db/schema.ts';
import type { ListingRef } from './activity.ts';
import { between, chance, hex, pick, weighted, type Rng } from './random.ts';

type PageViewRow = typeof pageViews.$inferInsert;

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Share of the day's visits per hour, Kinshasa time: a morning peak and a bigger evening one. */
const HOURS = [2, 1, 1, 1, 1, 2, 4, 7, 9, 10, 10, 9, 9, 8, 8, 8, 9, 10, 12, 13, 12, 10, 7, 4];

/** Demo traffic: sessions of one to eight pages over the last `days` days. */
export function buildPageViews(
  rng: Rng,
  now: number,
  listings: readonly ListingRef[],
  days = 60,
): PageViewRow[] {
  const rows: PageViewRow[] = [];
  const byViews = [...listings].sort((a, b) => b.viewCount - a.viewCount);
  // The most viewed listings draw most of the traffic, so a few property pages reach the top pages.
  const tiers = [byViews.slice(0, 6), byViews.slice(0, 60), byViews];
  const propertyPath = () =>
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
  const hours = HOURS.map((w, h) => [h, w] as const);
  const visitors: string[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = Math.floor((now + 3_600_000) / DAY) * DAY - 3_600_000 - d * DAY;
    const weekday = new Date(dayStart + 3_600_000).getUTCDay();
    const trend = 26 + ((days - d) / days) * 22;
    const sessions = Math.round(
      trend * (weekday === 0 ? 0.7 : weekday === 6 ? 0.85 : 1) * between(rng, 0.8, 1.2),
    );
    for (let s = 0; s < sessions; s++) {
      let at = dayStart + weighted(rng, hours) * 3_600_000 + rng() * 3_600_000;
      if (at > now) continue;
      const visitor =
        visitors.length > 20 && chance(rng, 0.2) ? pick(rng, visitors.slice(-300)) : hex(rng, 16);
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
        rows.push({
          path: lang && real === '/' ? lang : `${lang}${real}`,
          visitor,
          session,
          at: new Date(at),
        });
        at += between(rng, 0.3, 4) * MINUTE;
        path =
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
      }
    }
  }
  return rows;
}
