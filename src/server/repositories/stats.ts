import { count, desc, lt, sql, type SQL } from 'drizzle-orm';
import type { DashboardStats, VisitStats } from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  messages,
  pageViewDays,
  pageViews,
  properties,
  teamMembers,
  visitDays,
  visitRequests,
} from '../../db/schema.ts';
import { usdPriceSql, type DefaultRates } from './rates.ts';
import { KINSHASA_OFFSET_MS, kinshasaDay, kinshasaDayStart } from '../../shared/kinshasa-time.ts';
import { DAY_MS, traffic } from './traffic.ts';

function monthStart(now: Date, monthsBack: number): Date {
  const local = new Date(now.getTime() + KINSHASA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - KINSHASA_OFFSET_MS);
}

const rawDay = sql`(${pageViews.at} AT TIME ZONE INTERVAL '01:00')::date`;

/** Sums the raw page views that `raw` selects into the daily rows (days already summed are left as they are). */
async function summarise(tx: Db, raw: SQL): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${visitDays} (day, visits, bounces, seconds, visitors, page_views)
    SELECT s.day, count(*)::int, (count(*) FILTER (WHERE s.pages = 1))::int,
           round(COALESCE(sum(s.seconds), 0))::int, v.visitors, sum(s.pages)::int
    FROM (SELECT ${rawDay} AS day, ${pageViews.session}, count(*) AS pages,
                 EXTRACT(EPOCH FROM max(${pageViews.at}) - min(${pageViews.at})) AS seconds
          FROM ${pageViews} WHERE ${raw} GROUP BY 1, 2) s
    JOIN (SELECT ${rawDay} AS day, count(DISTINCT ${pageViews.visitor})::int AS visitors
          FROM ${pageViews} WHERE ${raw} GROUP BY 1) v ON v.day = s.day
    GROUP BY s.day, v.visitors
    ON CONFLICT (day) DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO ${pageViewDays} (day, path, views, visitors)
    SELECT ${rawDay}, ${pageViews.path}, count(*)::int, count(DISTINCT ${pageViews.visitor})::int
    FROM ${pageViews} WHERE ${raw} GROUP BY 1, 2
    ON CONFLICT (day, path) DO NOTHING`);
}

/**
 * Sums every finished day (Kinshasa time) not summed yet into the daily rows. Days are summed in order and
 * once: a later beacon cannot land in a finished day, its row is dated now.
 */
async function rollUpIn(tx: Db, now: Date): Promise<void> {
  const todayStart = sql`${kinshasaDayStart(kinshasaDay(now)).toISOString()}::timestamptz`;
  const [last] = await tx.select({ day: sql<string | null>`max(${visitDays.day})::text` }).from(visitDays);
  // Only the days after the last one summed: the raw rows before it are summed already.
  const after = last?.day ? new Date(kinshasaDayStart(last.day).getTime() + DAY_MS).toISOString() : null;
  await summarise(
    tx,
    after
      ? sql`${pageViews.at} < ${todayStart} AND ${pageViews.at} >= ${after}::timestamptz`
      : sql`${pageViews.at} < ${todayStart}`,
  );
}

/**
 * The retention job's purge of raw page views, in its transaction: finished days are summed first, then raw
 * rows older than `olderThan` (never today's) are deleted, so the dashboard's figures do not move.
 */
export async function purgeRawPageViewsIn(tx: Db, olderThan: Date, now = new Date()): Promise<number> {
  await rollUpIn(tx, now);
  const limit = new Date(Math.min(olderThan.getTime(), kinshasaDayStart(kinshasaDay(now)).getTime()));
  const gone = await tx.delete(pageViews).where(lt(pageViews.at, limit)).returning({ id: pageViews.id });
  return gone.length;
}

/**
 * Deletes the raw page views that `which` selects and sums their days again from the rows left, inside the
 * caller's transaction: the daily rows never keep views whose raw rows were removed (the demo's, say).
 */
export async function deletePageViews(tx: Db, which: SQL): Promise<number> {
  const gone = await tx
    .delete(pageViews)
    .where(which)
    .returning({ day: sql<string>`${rawDay}::text` });
  const days = [...new Set(gone.map((row) => row.day))];
  if (days.length > 0) {
    const list = sql.join(
      days.map((day) => sql`${day}::date`),
      sql`, `,
    );
    const summed = sql`${visitDays.day} IN (${list})`;
    const [last] = await tx.select({ day: sql<string | null>`max(${visitDays.day})::text` }).from(visitDays);
    await tx.delete(visitDays).where(summed);
    await tx.delete(pageViewDays).where(sql`${pageViewDays.day} IN (${list})`);
    // Only days that were summed already are summed again; later days wait for the next roll-up.
    const again = days.filter((day) => last?.day && day <= last.day);
    if (again.length > 0) {
      await summarise(
        tx,
        sql`${rawDay} IN (${sql.join(
          again.map((day) => sql`${day}::date`),
          sql`, `,
        )})`,
      );
    }
  }
  return gone.length;
}

/** The dashboard's figures at `now`: listings, team, messages, visit requests, revenue and views. */
async function dashboard(db: Db, usd: SQL, now: Date): Promise<DashboardStats> {
  // Bound as text: the postgres driver cannot serialise a Date inside raw SQL (PGlite can).
  const thisMonth = sql`${monthStart(now, 0).toISOString()}::timestamptz`;
  const lastMonth = sql`${monthStart(now, 1).toISOString()}::timestamptz`;
  const sold = sql`${properties.status} = 'sold'`;
  const weekAgo = sql`${new Date(now.getTime() - 7 * DAY_MS).toISOString()}::timestamptz`;
  const twoWeeksAgo = sql`${new Date(now.getTime() - 14 * DAY_MS).toISOString()}::timestamptz`;
  const [p] = await db
    .select({
      total: count(),
      available: sql<number>`count(*) FILTER (WHERE ${properties.status} = 'available')::int`,
      rended: sql<number>`count(*) FILTER (WHERE ${sold})::int`,
      hot: sql<number>`count(*) FILTER (WHERE ${properties.status} = 'hot')::int`,
      added: sql<number>`count(*) FILTER (WHERE ${properties.createdAt} >= ${thisMonth})::int`,
      addedBefore: sql<number>`count(*) FILTER (WHERE ${properties.createdAt} >= ${lastMonth} AND ${properties.createdAt} < ${thisMonth})::int`,
      soldNow: sql<number>`count(*) FILTER (WHERE ${sold} AND ${properties.statusChangedAt} >= ${thisMonth})::int`,
      views: sql<string>`COALESCE(sum(${properties.viewCount}), 0)::bigint`,
      monthly: sql<string>`COALESCE(sum(${usd}) FILTER (WHERE ${sold} AND ${properties.statusChangedAt} >= ${thisMonth}), 0)`,
      previous: sql<string>`COALESCE(sum(${usd}) FILTER (WHERE ${sold} AND ${properties.statusChangedAt} >= ${lastMonth} AND ${properties.statusChangedAt} < ${thisMonth}), 0)`,
    })
    .from(properties);
  const [t] = await db
    .select({ total: count(), active: sql<number>`count(*) FILTER (WHERE ${teamMembers.isActive})::int` })
    .from(teamMembers);
  const [m] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) FILTER (WHERE ${messages.status} = 'new')::int`,
      week: sql<number>`count(*) FILTER (WHERE ${messages.createdAt} >= ${weekAgo})::int`,
      weekBefore: sql<number>`count(*) FILTER (WHERE ${messages.createdAt} >= ${twoWeeksAgo} AND ${messages.createdAt} < ${weekAgo})::int`,
    })
    .from(messages);
  const [v] = await db
    .select({ pending: sql<number>`count(*) FILTER (WHERE ${visitRequests.status} = 'new')::int` })
    .from(visitRequests);
  const mostViewed = await db
    .select({ id: properties.id, title: properties.title, viewCount: properties.viewCount })
    .from(properties)
    .orderBy(desc(properties.viewCount), desc(properties.id))
    .limit(5);

  const monthly = Math.round(Number(p?.monthly ?? 0));
  const previous = Math.round(Number(p?.previous ?? 0));
  return {
    properties: {
      total: p?.total ?? 0,
      available: Number(p?.available ?? 0),
      rended: Number(p?.rended ?? 0),
      addedThisMonth: Number(p?.added ?? 0),
      addedPreviousMonth: Number(p?.addedBefore ?? 0),
      soldThisMonth: Number(p?.soldNow ?? 0),
    },
    hotOffers: Number(p?.hot ?? 0),
    team: { total: t?.total ?? 0, active: Number(t?.active ?? 0) },
    messages: {
      unread: Number(m?.unread ?? 0),
      total: m?.total ?? 0,
      lastSevenDays: Number(m?.week ?? 0),
      previousSevenDays: Number(m?.weekBefore ?? 0),
    },
    visitRequests: { pending: Number(v?.pending ?? 0) },
    revenue: { monthly, previousMonth: previous, currency: 'USD' },
    monthlyGrowth: previous > 0 ? Math.round(((monthly - previous) / previous) * 1000) / 10 : null,
    views: { total: Number(p?.views ?? 0), mostViewed },
  };
}

export function statsRepository(database: Database, rates: DefaultRates) {
  const { db } = database;
  const usd = usdPriceSql(rates);

  return {
    async recordPageView(view: { path: string; visitor: string; session: string }): Promise<void> {
      await db.insert(pageViews).values(view);
    },

    dashboard: (now = new Date()): Promise<DashboardStats> => dashboard(db, usd, now),

    /**
     * Traffic of the last `days` days (today included), from the page-view beacon: finished days from the
     * daily rows, today from the raw ones. Finished days are rolled up first, so the figures are the same
     * before and after the raw rows are purged.
     */
    async visits(days = 30, now = new Date()): Promise<VisitStats> {
      // Sums every finished day not summed yet into the daily rows, in one transaction.
      await database.transaction((tx) => rollUpIn(tx, now));
      return traffic(db, days, now);
    },

    /**
     * Removes the raw page views older than `olderThan` once their days are rolled up (the daily rows stay),
     * for the retention job; today's rows are never removed, they are not summed yet. Returns how many went.
     */
    purgeRawPageViews: (olderThan: Date, now = new Date()): Promise<number> =>
      database.transaction((tx) => purgeRawPageViewsIn(tx, olderThan, now)),
  };
}
