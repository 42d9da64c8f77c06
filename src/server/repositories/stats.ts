import { count, desc, gte, sql } from 'drizzle-orm';
import type { DashboardStats, VisitStats } from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { messages, pageViews, properties, teamMembers, visitRequests } from '../../db/schema.ts';
import type { ExchangeRates } from './properties.ts';

const DAY_MS = 86_400_000;
/** Kinshasa is UTC+1 all year: months and days start at local midnight. */
const KINSHASA_OFFSET_MS = 3_600_000;

function monthStart(now: Date, monthsBack: number): Date {
  const local = new Date(now.getTime() + KINSHASA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - KINSHASA_OFFSET_MS);
}

const localDay = (d: Date) => new Date(d.getTime() + KINSHASA_OFFSET_MS).toISOString().slice(0, 10);

export function statsRepository({ db }: Database, rates: ExchangeRates) {
  const usd = sql`CASE ${properties.currency} WHEN 'CDF' THEN ${properties.price} / ${rates.cdfPerUsd}::numeric WHEN 'EUR' THEN ${properties.price} * ${rates.usdPerEur}::numeric ELSE ${properties.price} END`;

  return {
    async recordPageView(view: { path: string; visitor: string; session: string }): Promise<void> {
      await db.insert(pageViews).values(view);
    },

    async dashboard(now = new Date()): Promise<DashboardStats> {
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
    },

    /** Traffic of the last `days` days, from the page-view beacon. */
    async visits(days = 30, now = new Date()): Promise<VisitStats> {
      const since = new Date(now.getTime() - days * DAY_MS);
      const recent = gte(pageViews.at, since);
      const perSession = db
        .select({
          session: pageViews.session,
          pages: sql<number>`count(*)::int`.as('pages'),
          seconds: sql<number>`EXTRACT(EPOCH FROM max(${pageViews.at}) - min(${pageViews.at}))`.as('seconds'),
        })
        .from(pageViews)
        .where(recent)
        .groupBy(pageViews.session)
        .as('per_session');
      const [sessions] = await db
        .select({
          visits: sql<number>`count(*)::int`,
          bounces: sql<number>`count(*) FILTER (WHERE ${perSession.pages} = 1)::int`,
          avgSeconds: sql<string>`COALESCE(avg(${perSession.seconds}), 0)`,
        })
        .from(perSession);
      const [totals] = await db
        .select({ pageViews: count(), visitors: sql<number>`count(DISTINCT ${pageViews.visitor})::int` })
        .from(pageViews)
        .where(recent);
      const topPages = await db
        .select({ path: pageViews.path, views: sql<number>`count(*)::int` })
        .from(pageViews)
        .where(recent)
        .groupBy(pageViews.path)
        .orderBy(desc(sql`count(*)`), pageViews.path)
        .limit(10);
      const day = sql<string>`to_char(${pageViews.at} + interval '1 hour', 'YYYY-MM-DD')`;
      const daily = await db
        .select({
          date: day,
          visits: sql<number>`count(DISTINCT ${pageViews.session})::int`,
          pageViews: sql<number>`count(*)::int`,
        })
        .from(pageViews)
        .where(recent)
        .groupBy(day);
      const byDay = new Map(daily.map((d) => [d.date, d]));
      const dailyVisits = Array.from({ length: days }, (_, i) => {
        const date = localDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS));
        const d = byDay.get(date);
        return { date, visits: Number(d?.visits ?? 0), pageViews: Number(d?.pageViews ?? 0) };
      });
      const visits = Number(sessions?.visits ?? 0);
      return {
        totalVisits: visits,
        uniqueVisitors: Number(totals?.visitors ?? 0),
        pageViews: totals?.pageViews ?? 0,
        averageSessionDuration: Math.round(Number(sessions?.avgSeconds ?? 0)),
        bounceRate: visits ? Math.round((Number(sessions?.bounces ?? 0) / visits) * 1000) / 10 : 0,
        topPages: topPages.map((p) => ({ path: p.path, views: Number(p.views) })),
        dailyVisits,
      };
    },
  };
}
