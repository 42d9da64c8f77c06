import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './dump.ts';

/** Rows one purge statement deletes at most: a short statement, whatever the backlog. */
export const PURGE_BATCH = 5_000;

/**
 * Deletes the rows of `table` matching `where`, `batch` at a time, and answers how many went. Only the
 * count comes back to Node, never the rows (a `returning()` of a purge carried every deleted row, or id,
 * into the process: a backlog of millions of rate-limit windows or old rows grew the heap with
 * it). `key` must identify a row (the primary key) so that each batch deletes exactly what it picked.
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
  batch = PURGE_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      WITH gone AS (
        DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${where ?? sql`true`} LIMIT ${batch})
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`);
    const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}
