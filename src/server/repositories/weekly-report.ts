// The weekly report's queries (decision 0048): who gets it, the agents' response times, and the claim that
// makes one instance send it.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, reportRuns } from '../../db/schema.ts';
import { rowsOf } from './dump.ts';
import { requests } from './inbox.ts';
import { dayStart } from './lead-stats.ts';

/** A claim older than this whose report was not sent is taken over: its holder died or its send failed. */
const CLAIM_MINUTES = 30;

export interface ResponseTime {
  name: string | null;
  requests: number;
  contacted: number;
  medianHours: number | null;
}

export function weeklyReportRepository({ db }: Database) {
  return {
    /**
     * Takes the report of `week` for `holder`: true for exactly one instance, in one statement; false when it
     * is sent already or another instance holds a recent claim.
     */
    async claim(week: string, holder: string): Promise<boolean> {
      const result = await db.execute(sql`
        INSERT INTO ${reportRuns} (week, holder) VALUES (${week}::date, ${holder})
        ON CONFLICT (week) DO UPDATE SET holder = EXCLUDED.holder, claimed_at = now()
          WHERE ${reportRuns.sentAt} IS NULL
            AND ${reportRuns.claimedAt} < now() - ${CLAIM_MINUTES} * interval '1 minute'
        RETURNING week`);
      return rowsOf(result).length > 0;
    },

    async sent(week: string, holder: string): Promise<void> {
      await db
        .update(reportRuns)
        .set({ sentAt: sql`now()` })
        .where(and(sql`${reportRuns.week} = ${week}::date`, eq(reportRuns.holder, holder)));
    },

    /** Gives a claim back (no mail went): the next look, on any instance, tries again. */
    async release(week: string, holder: string): Promise<void> {
      await db
        .delete(reportRuns)
        .where(and(sql`${reportRuns.week} = ${week}::date`, eq(reportRuns.holder, holder)));
    },

    /** The active admins' addresses. */
    async recipients(): Promise<string[]> {
      const rows = await db
        .select({ email: accounts.email })
        .from(accounts)
        .where(and(eq(accounts.role, 'admin'), eq(accounts.isActive, true)));
      return rows.map((r) => r.email);
    },

    /** Per agent in charge, the requests that came in the week and the median hours to their first contact. */
    async responseTimes(firstDay: string, endDay: string): Promise<ResponseTime[]> {
      const rows = rowsOf<{
        name: string | null;
        requests: string;
        contacted: string;
        median: number | null;
      }>(
        await db.execute(sql`
          SELECT t.name, count(*) AS requests, count(r.contacted_at) AS contacted,
                 percentile_cont(0.5) WITHIN GROUP (
                   ORDER BY EXTRACT(EPOCH FROM r.contacted_at - r.created_at) / 3600
                 ) FILTER (WHERE r.contacted_at IS NOT NULL) AS median
          FROM ${requests} LEFT JOIN team_members t ON t.id = r.assignee_id
          WHERE r.created_at >= ${dayStart(firstDay)} AND r.created_at < ${dayStart(endDay)}
            AND r.topic IS DISTINCT FROM 'report'
          GROUP BY t.name ORDER BY t.name NULLS LAST`),
      );
      return rows.map((r) => ({
        name: r.name,
        requests: Number(r.requests),
        contacted: Number(r.contacted),
        medianHours: r.median === null ? null : Math.round(Number(r.median) * 10) / 10,
      }));
    },
  };
}

export type WeeklyReportRepository = ReturnType<typeof weeklyReportRepository>;
