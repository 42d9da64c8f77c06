import { lt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { rateLimitHits, visitorSalts } from '../../db/schema.ts';
import { deleteInBatches } from './batched-delete.ts';
import { rowsOf } from './dump.ts';

/**
 * State the API instances share through the database, so that two or more `npm start` processes on one
 * DATABASE_URL behind a load balancer count and decide as one: rate-limit windows and the beacon's daily
 * salt. Each call is one statement, atomic on its own (no read-then-write between instances).
 */
export function sharedStateRepository(database: Database) {
  const { db } = database;
  return {
    /**
     * Counts one request under `key` in a fixed window of `windowMs` that starts with the key's first request;
     * answers the count in the window and the milliseconds left in it (what @fastify/rate-limit's stores answer).
     */
    async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const window = sql`make_interval(secs => ${windowMs / 1000}::double precision)`;
      const result = await db.execute(sql`
        INSERT INTO ${rateLimitHits} (key, window_start, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN ${rateLimitHits.windowStart} + ${window} <= now() THEN 1 ELSE ${rateLimitHits.count} + 1 END,
          window_start = CASE WHEN ${rateLimitHits.windowStart} + ${window} <= now() THEN now() ELSE ${rateLimitHits.windowStart} END
        RETURNING count AS current,
          GREATEST(0, EXTRACT(EPOCH FROM (window_start + ${window} - now())) * 1000)::float8 AS ttl`);
      const row = rowsOf<{ current: number; ttl: number }>(result)[0]!;
      return { current: Number(row.current), ttl: Math.ceil(Number(row.ttl)) };
    },

    /** The count under `key` now, without counting (@fastify/rate-limit's `read`). */
    async peek(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const window = sql`make_interval(secs => ${windowMs / 1000}::double precision)`;
      const result = await db.execute(sql`
        SELECT count AS current, EXTRACT(EPOCH FROM (window_start + ${window} - now())) * 1000 AS ttl
        FROM ${rateLimitHits} WHERE key = ${key} AND window_start + ${window} > now()`);
      const row = rowsOf<{ current: number; ttl: number }>(result)[0];
      return row ? { current: Number(row.current), ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 };
    },

    /** Forgets windows that started before `before` (every limit's window is far shorter), in batches. */
    purgeHits(before: Date, batch?: number): Promise<number> {
      return deleteInBatches(
        db,
        rateLimitHits,
        rateLimitHits.key,
        lt(rateLimitHits.windowStart, before),
        batch,
      );
    },

    /**
     * The salt of `day` ("2026-11-24"): the first instance to ask makes it, every other one reads the same.
     * Older days' salts are deleted, so a visitor hash cannot be recomputed after the day is over.
     */
    async daySalt(day: string): Promise<string> {
      await db
        .insert(visitorSalts)
        .values({ day, salt: randomBytes(16).toString('hex') })
        .onConflictDoNothing();
      await db.delete(visitorSalts).where(lt(visitorSalts.day, day));
      const [row] = await db
        .select()
        .from(visitorSalts)
        .where(sql`${visitorSalts.day} = ${day}`);
      return row!.salt;
    },
  };
}

export type SharedStateRepository = ReturnType<typeof sharedStateRepository>;
