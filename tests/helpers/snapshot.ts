import { getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { readdir } from 'node:fs/promises';
import * as schema from '../../src/db/schema.ts';
import { rowsOf } from '../../src/server/repositories/dump.ts';
import type { TestApp } from './app.ts';

// What a request could change, to check that refused requests changed nothing (the hostile and auth suites).

/** Every table of the schema but the rate-limit windows and the day's salt: counted by design, not changes. */
const TABLES = (Object.values(schema).filter((table) => is(table, PgTable)) as PgTable[]).filter(
  (table) => !schema.TRANSIENT_TABLES.includes(getTableName(table)),
);

/** One query for the tables' fingerprints; rows sorted as text, so the order a table returns them never counts. */
const fingerprints = (tables: PgTable[]): SQL =>
  sql.join(
    tables.map(
      (table) => sql`select ${getTableName(table)} as name, count(*)::int as count,
        md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as hash from ${table} r`,
    ),
    sql` union all `,
  );
/** The whole schema's query, built once: the hostile suites take thousands of snapshots. */
const ALL = fingerprints(TABLES);

/**
 * Everything a request could change: every table of the schema (or those named in `only`), and every file
 * under DATA_DIR (media and anything written outside it). A table is its row count and the MD5 of its rows
 * as text, sorted, computed by the database in one query: reading every row into JavaScript was a fifth of
 * the hostile suites' time (decision 0038). A difference names the table; the request that made it is in
 * the failing assertion's message.
 */
export async function snapshot(t: TestApp, only?: string[]): Promise<Record<string, string[]>> {
  const tables = only ? TABLES.filter((table) => only.includes(getTableName(table))) : TABLES;
  type Fingerprint = { name: string; count: number; hash: string };
  const rows = tables.length
    ? rowsOf<Fingerprint>(await t.database.db.execute(only ? fingerprints(tables) : ALL))
    : [];
  const state: Record<string, string[]> = Object.fromEntries(
    rows.map((row) => [row.name, [`${row.count} rows, md5 ${row.hash}`]]),
  );
  state['DATA_DIR'] = (await readdir(t.env.DATA_DIR, { recursive: true })).sort();
  return state;
}
