// The dashboard's traffic figures, read from the page-view beacon's rows: finished days from the daily sums
// (stats.ts rolls them up), today from the raw page views. Days are Kinshasa's.
import { and, count, gte, lt, sql } from 'drizzle-orm';
import type { VisitStats } from '../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { pageViewDays, pageViews, visitDays } from '../../db/schema.ts';
import { kinshasaDay, kinshasaDayStart } from '../../shared/kinshasa-time.ts';

export const DAY_MS = 86_400_000;

/** Finished days of traffic from `from` to before `today`, from the daily rows. */
async function pastTraffic(db: Db, from: string, today: string) {
  const window = and(gte(visitDays.day, from), lt(visitDays.day, today));
  const [totals] = await db
    .select({
      visits: sql<string>`COALESCE(sum(${visitDays.visits}), 0)`,
      bounces: sql<string>`COALESCE(sum(${visitDays.bounces}), 0)`,
      seconds: sql<string>`COALESCE(sum(${visitDays.seconds}), 0)`,
      visitors: sql<string>`COALESCE(sum(${visitDays.visitors}), 0)`,
      pageViews: sql<string>`COALESCE(sum(${visitDays.pageViews}), 0)`,
    })
    .from(visitDays)
    .where(window);
  const days = await db
    .select({ date: visitDays.day, visits: visitDays.visits, pageViews: visitDays.pageViews })
    .from(visitDays)
    .where(window);
  const pages = await db
    .select({ path: pageViewDays.path, views: sql<string>`sum(${pageViewDays.views})` })
    .from(pageViewDays)
    .where(and(gte(pageViewDays.day, from), lt(pageViewDays.day, today)))
    .groupBy(pageViewDays.path);
  return { totals, days, pages };
}

/** Today's traffic so far (`today` in Kinshasa), from the raw page views. */
async function todayTraffic(db: Db, today: string) {
  const todays = gte(pageViews.at, kinshasaDayStart(today));
  const perSession = db
    .select({
      pages: sql<number>`count(*)::int`.as('pages'),
      seconds: sql<number>`EXTRACT(EPOCH FROM max(${pageViews.at}) - min(${pageViews.at}))`.as('seconds'),
    })
    .from(pageViews)
    .where(todays)
    .groupBy(pageViews.session)
    .as('per_session');
  const [sessions] = await db
    .select({
      visits: sql<number>`count(*)::int`,
      bounces: sql<number>`count(*) FILTER (WHERE ${perSession.pages} = 1)::int`,
      seconds: sql<string>`COALESCE(sum(${perSession.seconds}), 0)`,
    })
    .from(perSession);
  const [totals] = await db
    .select({ pageViews: count(), visitors: sql<number>`count(DISTINCT ${pageViews.visitor})::int` })
    .from(pageViews)
    .where(todays);
  const pages = await db
    .select({ path: pageViews.path, views: count() })
    .from(pageViews)
    .where(todays)
    .groupBy(pageViews.path);
  return { sessions, totals, pages };
}

type Past = Awaited<ReturnType<typeof pastTraffic>>;
type Today = Awaited<ReturnType<typeof todayTraffic>>;

/** The ten most viewed pages of both, most viewed first (then by path). */
function topPagesOf(past: Past, today: Today): VisitStats['topPages'] {
  const byPath = new Map<string, number>();
  for (const p of [...past.pages, ...today.pages])
    byPath.set(p.path, (byPath.get(p.path) ?? 0) + Number(p.views));
  return [...byPath]
    .map(([path, views]) => ({ path, views }))
    .sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, 10);
}

/** The traffic figures of `days` days up to `now`: finished days' sums and today's, added together. */
function visitStats(days: number, now: Date, past: Past, today: Today): VisitStats {
  const todayDate = kinshasaDay(now);
  const todayVisits = Number(today.sessions?.visits ?? 0);
  const todayViews = Number(today.totals?.pageViews ?? 0);
  const byDay = new Map(past.days.map((d) => [d.date, d]));
  const dailyVisits = Array.from({ length: days }, (_, i) => {
    const date = kinshasaDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS));
    if (date === todayDate) return { date, visits: todayVisits, pageViews: todayViews };
    const d = byDay.get(date);
    return { date, visits: d?.visits ?? 0, pageViews: d?.pageViews ?? 0 };
  });
  const visits = Number(past.totals?.visits ?? 0) + todayVisits;
  const bounces = Number(past.totals?.bounces ?? 0) + Number(today.sessions?.bounces ?? 0);
  const seconds = Number(past.totals?.seconds ?? 0) + Number(today.sessions?.seconds ?? 0);
  return {
    totalVisits: visits,
    uniqueVisitors: Number(past.totals?.visitors ?? 0) + Number(today.totals?.visitors ?? 0),
    pageViews: Number(past.totals?.pageViews ?? 0) + todayViews,
    averageSessionDuration: visits ? Math.round(seconds / visits) : 0,
    bounceRate: visits ? Math.round((bounces / visits) * 1000) / 10 : 0,
    topPages: topPagesOf(past, today),
    dailyVisits,
  };
}

/** Traffic of the `days` days up to `now` (today included), once the finished days are rolled up. */
export async function traffic(db: Db, days: number, now: Date): Promise<VisitStats> {
  const today = kinshasaDay(now);
  const from = kinshasaDay(new Date(now.getTime() - (days - 1) * DAY_MS));
  const past = await pastTraffic(db, from, today);
  return visitStats(days, now, past, await todayTraffic(db, today));
}
