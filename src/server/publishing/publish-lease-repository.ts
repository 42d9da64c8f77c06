import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { publishLease } from '../../db/schema.ts';
import type { Actor } from '../repositories/audit.ts';

const SITE = 'site';

/** A build running on some instance, as the lease row tells it. */
export interface LeasedRun {
  holder: string;
  startedAt: Date;
  step: string | null;
  progress: number | null;
}

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::double precision)`;

/**
 * The publish lease's row (schema: publishLease). Every call is one statement, atomic on its own, timed by
 * the database's clock so that instances whose clocks differ still agree on when a lease has expired.
 */
export function publishLeaseRepository({ db }: Database) {
  return {
    /**
     * Takes the lease for `holder` for `ttlMs` when nobody holds it, its holder's time is over, or `holder`
     * holds it already: true when taken. One INSERT … ON CONFLICT DO UPDATE … WHERE: of two instances
     * asking at once, PostgreSQL makes the second wait for the first's row and re-check it, so one wins.
     */
    async take(
      holder: string,
      ttlMs: number,
      run: { startedAt: Date; step: string | null },
    ): Promise<boolean> {
      const { startedAt, step } = run;
      const taken = await db
        .insert(publishLease)
        .values({
          name: SITE,
          holder,
          startedAt,
          expiresAt: sql`now() + ${interval(ttlMs)}`,
          step,
        })
        .onConflictDoUpdate({
          target: publishLease.name,
          set: {
            holder,
            startedAt,
            expiresAt: sql`now() + ${interval(ttlMs)}`,
            step,
            progress: null,
            againActorId: null,
            againActorName: null,
          },
          setWhere: sql`${publishLease.expiresAt} <= now() OR ${publishLease.holder} = ${holder}`,
        })
        .returning({ holder: publishLease.holder });
      return taken.length === 1;
    },

    /** Extends `holder`'s lease and says where its build is; false when the lease is no longer its own. */
    async renew(
      holder: string,
      ttlMs: number,
      step: string | null,
      progress: number | null,
    ): Promise<boolean> {
      const renewed = await db
        .update(publishLease)
        .set({ expiresAt: sql`now() + ${interval(ttlMs)}`, step, progress })
        .where(and(eq(publishLease.name, SITE), eq(publishLease.holder, holder)))
        .returning({ holder: publishLease.holder });
      return renewed.length === 1;
    },

    /** Ends `holder`'s lease; answers who asked another instance for one more run meanwhile, if anyone. */
    async release(holder: string): Promise<Actor | null> {
      const [row] = await db
        .delete(publishLease)
        .where(and(eq(publishLease.name, SITE), eq(publishLease.holder, holder)))
        .returning({ id: publishLease.againActorId, name: publishLease.againActorName });
      return row?.name ? { id: row.id, name: row.name } : null;
    },

    /**
     * Leaves `actor`'s request with the instance building now (it runs once more after its build) and
     * answers that build; null when no lease is live, so the caller may take it itself.
     */
    async askHolder(actor: Actor): Promise<LeasedRun | null> {
      const [row] = await db
        .update(publishLease)
        .set({ againActorId: actor.id, againActorName: actor.name })
        .where(and(eq(publishLease.name, SITE), gt(publishLease.expiresAt, sql`now()`)))
        .returning();
      return row ?? null;
    },

    /** The build running on some instance now, if any (its lease live). */
    async running(): Promise<LeasedRun | null> {
      const [row] = await db
        .select()
        .from(publishLease)
        .where(and(eq(publishLease.name, SITE), gt(publishLease.expiresAt, sql`now()`)));
      return row ?? null;
    },
  };
}

export type PublishLeaseRepository = ReturnType<typeof publishLeaseRepository>;
