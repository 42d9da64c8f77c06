// The lead figures per listing and per agent: views and taps from lead_counts, visit requests and
// messages from their tables, over the last 7 or 30 days or since the start.
import { sql } from 'drizzle-orm';
import type { LeadFigures, LeadPeriod, LeadStats, PropertyStatus } from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { kinshasaDay } from '../../shared/kinshasa-time.ts';
import { rowsOf } from './dump.ts';

/** The property id a tap on the agency's own WhatsApp or telephone (footer, contact page) is counted under. */
export const AGENCY = 0;

const DAY_MS = 86_400_000;
const DAYS: Record<Exclude<LeadPeriod, 'all'>, number> = { '7d': 7, '30d': 30 };

type Counts = Omit<LeadFigures, 'leads' | 'leadsPer100Views'>;
const ZERO: Counts = { views: 0, whatsapp: 0, calls: 0, visitRequests: 0, messages: 0 };

/** The figures with their leads and rate. */
export function figures(c: Counts): LeadFigures {
  const leads = c.whatsapp + c.calls + c.visitRequests + c.messages;
  return {
    ...c,
    leads,
    leadsPer100Views: c.views > 0 ? Math.round((leads / c.views) * 1000) / 10 : null,
  };
}

const add = (a: Counts, b: Counts): Counts => ({
  views: a.views + b.views,
  whatsapp: a.whatsapp + b.whatsapp,
  calls: a.calls + b.calls,
  visitRequests: a.visitRequests + b.visitRequests,
  messages: a.messages + b.messages,
});

/** Most leads first, then most views, then the lowest id: the same order every time. */
const byLeads = <T extends LeadFigures & { id: number }>(a: T, b: T) =>
  b.leads - a.leads || b.views - a.views || a.id - b.id;

interface Row {
  id: number;
  title: string | null;
  status: PropertyStatus | null;
  agent_id: number | null;
  agent_name: string | null;
  views: string;
  whatsapp: string;
  calls: string;
  visits: string;
  messages: string;
}

/** The start of a Kinshasa day, in SQL. */
// In SQL rather than kinshasaDayStart: 'all' starts at 0001-01-01, whose UTC instant is in year 0, which
// PostgreSQL's timestamp input refuses.
export const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE INTERVAL '01:00')`;

export function leadStatsQueries({ db }: Database) {
  /** The figures of the Kinshasa days from `firstDay` to before `endDay` (null: up to now). */
  async function between(period: LeadPeriod, firstDay: string, endDay: string | null): Promise<LeadStats> {
    const since = sql`created_at >= ${dayStart(firstDay)}`;
    const until = endDay ? sql`created_at < ${dayStart(endDay)}` : sql`TRUE`;
    const days = endDay
      ? sql`day >= ${firstDay}::date AND day < ${endDay}::date`
      : sql`day >= ${firstDay}::date`;
    // Since the start, a listing's views are its view count (older than the daily counts); a deleted
    // listing's are the daily counts it left.
    const views = period === 'all' ? sql`COALESCE(p.view_count, c.views, 0)` : sql`COALESCE(c.views, 0)`;
    const result = await db.execute(sql`
      WITH c AS (
        SELECT property_id,
               sum(count) FILTER (WHERE channel = 'view') AS views,
               sum(count) FILTER (WHERE channel = 'whatsapp') AS whatsapp,
               sum(count) FILTER (WHERE channel = 'call') AS calls
        FROM lead_counts WHERE ${days} GROUP BY property_id
      ), v AS (
        SELECT property_id, count(*) AS n FROM visit_requests
        WHERE property_id IS NOT NULL AND ${since} AND ${until} GROUP BY property_id
      ), m AS (
        SELECT property_id, count(*) AS n FROM messages
        WHERE property_id IS NOT NULL AND property_type <> 'report' AND ${since} AND ${until}
        GROUP BY property_id
      ), ids AS (
        SELECT property_id FROM c UNION SELECT property_id FROM v UNION SELECT property_id FROM m
      )
      SELECT ids.property_id AS id, p.title, p.status, p.manager_id AS agent_id, t.name AS agent_name,
             ${views} AS views, COALESCE(c.whatsapp, 0) AS whatsapp, COALESCE(c.calls, 0) AS calls,
             COALESCE(v.n, 0) AS visits, COALESCE(m.n, 0) AS messages
      FROM ids
      LEFT JOIN properties p ON p.id = ids.property_id
      LEFT JOIN team_members t ON t.id = p.manager_id
      LEFT JOIN c ON c.property_id = ids.property_id
      LEFT JOIN v ON v.property_id = ids.property_id
      LEFT JOIN m ON m.property_id = ids.property_id`);
    let total = ZERO;
    const listings: LeadStats['listings'] = [];
    const agents = new Map<number, { name: string; counts: Counts }>();
    for (const r of rowsOf<Row>(result)) {
      const counts: Counts = {
        views: Number(r.views),
        whatsapp: Number(r.whatsapp),
        calls: Number(r.calls),
        visitRequests: Number(r.visits),
        messages: Number(r.messages),
      };
      total = add(total, counts);
      if (r.id === AGENCY) continue;
      listings.push({ id: r.id, title: r.title, status: r.status, agentId: r.agent_id, ...figures(counts) });
      if (r.agent_id !== null) {
        const agent = agents.get(r.agent_id) ?? { name: r.agent_name ?? '', counts: ZERO };
        agents.set(r.agent_id, { ...agent, counts: add(agent.counts, counts) });
      }
    }
    return {
      period,
      total: figures(total),
      listings: listings.sort(byLeads),
      agents: [...agents].map(([id, a]) => ({ id, name: a.name, ...figures(a.counts) })).sort(byLeads),
    };
  }

  return {
    /** Over `period` up to `now` (days are Kinshasa days, today included). */
    leadStats(period: LeadPeriod, now = new Date()): Promise<LeadStats> {
      const firstDay =
        period === 'all' ? '0001-01-01' : kinshasaDay(new Date(now.getTime() - (DAYS[period] - 1) * DAY_MS));
      return between(period, firstDay, null);
    },

    /** Over the 7 Kinshasa days from `firstDay` (the weekly report's week). */
    weekStats(firstDay: string): Promise<LeadStats> {
      const end = new Date(Date.parse(`${firstDay}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
      return between('7d', firstDay, end);
    },
  };
}
