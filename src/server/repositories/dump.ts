import { getTableName, is, isNull, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';

// A logical dump of every table of the schema as JSON lines (PostgreSQL's own `row_to_json` text, never
// parsed in JavaScript, so numerics, timestamps and jsonb come back exactly), loaded with
// `json_populate_recordset`: the same archive restores into PGlite or any PostgreSQL server.

/** Every table but the instances' transient shared state (rate-limit windows, the day's salt). */
const schemaTables = () =>
  (Object.values(schema).filter((t) => is(t, PgTable)) as PgTable[]).filter(
    (t) => !schema.TRANSIENT_TABLES.includes(getTableName(t)),
  );

/** A table's primary key columns (one identity `id`, a natural key, or a composite one): the dump's order. */
function primaryKeyOf(name: string): string[] {
  const table = schemaTables().find((t) => getTableName(t) === name);
  if (!table) return [];
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary).map((c) => c.name);
  return single.length > 0 ? single : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []);
}

/** The schema's tables, each after the tables it references, so rows load in order. */
export function tablesInOrder(): string[] {
  const tables = schemaTables();
  const deps = new Map(
    tables.map((t) => [
      getTableName(t),
      getTableConfig(t).foreignKeys.map((fk) => getTableName(fk.reference().foreignTable)),
    ]),
  );
  const order: string[] = [];
  const visit = (name: string) => {
    if (order.includes(name)) return;
    for (const dep of deps.get(name) ?? []) if (dep !== name) visit(dep);
    order.push(name);
  };
  [...deps.keys()].sort().forEach(visit);
  return order;
}

/** The rows of `db.execute`: postgres.js answers an array, PGlite an object holding them. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
const all = async <T>(db: Db, query: SQL) => rowsOf<T>(await db.execute(query));
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

export interface TableHead {
  name: string;
  columns: string[];
  /** The identity sequence's position, so new rows do not reuse the ids of deleted ones. */
  sequence: { lastValue: string; isCalled: boolean } | null;
}

/** One table of a dump: its rows, one JSON object each as PostgreSQL wrote it, come in batches. */
export interface TableDump extends TableHead {
  batches: () => AsyncIterable<string[]>;
}

export interface DatabaseDump {
  /** How many migrations had been applied: a backup restores into code that knows at least as many. */
  migrations: number;
  tables: TableDump[];
}

/**
 * Rows read per FETCH: the dump holds one batch at a time, whatever the table's size (a row is at most a
 * few kB, a listing with its media and translations).
 */
const FETCH_ROWS = 200;

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const rows = await all<{ name: string }>(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`,
  );
  return rows.map((r) => r.name);
}

/** The identity sequence of a table keyed by `id` (tables with a natural key have none). */
async function sequenceOf(db: Db, table: string): Promise<string | null> {
  if (!primaryKeyOf(table).includes('id')) return null;
  const [row] = await all<{ seq: string | null }>(
    db,
    sql`SELECT pg_get_serial_sequence(${`public."${table}"`}, 'id') AS seq`,
  );
  return row?.seq ?? null;
}

async function migrationCount(db: Db): Promise<number> {
  const [row] = await all<{ n: number | string }>(
    db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}

/** Hands `write` one table's head and its rows, read in batches through a cursor, inside `tx`. */
async function dumpTable(
  tx: Db,
  name: string,
  write: (table: TableHead, batches: AsyncIterable<string[]>) => Promise<void>,
): Promise<void> {
  const key = primaryKeyOf(name).map((column) => sql`t.${ident(column)}`);
  const order = key.length > 0 ? sql` ORDER BY ${sql.join(key, sql`, `)}` : sql``;
  const seq = await sequenceOf(tx, name);
  let sequence: TableHead['sequence'] = null;
  if (seq) {
    const [s] = await all<{ v: string; c: boolean }>(
      tx,
      sql`SELECT last_value::text AS v, is_called AS c FROM ${sql.raw(seq)}`,
    );
    if (s) sequence = { lastValue: s.v, isCalled: s.c };
  }
  await tx.execute(
    sql`DECLARE ndako_dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${ident(name)} t${order}`,
  );
  async function* batches(): AsyncGenerator<string[]> {
    for (;;) {
      const rows = await all<{ j: string }>(tx, sql.raw(`FETCH FORWARD ${FETCH_ROWS} FROM ndako_dump`));
      if (rows.length === 0) return;
      yield rows.map((r) => r.j);
    }
  }
  await write({ name, columns: await columnsOf(tx, name), sequence }, batches());
  await tx.execute(sql`CLOSE ndako_dump`);
}

/** Loads one table of a dump inside `tx`, one batch of rows at a time, and puts its identity sequence back. */
async function loadTable(tx: Db, table: TableDump, names: string[]): Promise<void> {
  if (!names.includes(table.name)) throw new Error(`Unknown table in the backup: ${table.name}`);
  const current = new Set(await columnsOf(tx, table.name));
  const missing = table.columns.filter((c) => !current.has(c));
  if (missing.length) throw new Error(`Columns unknown here: ${table.name}.${missing.join(', ')}`);
  const cols = sql.join(table.columns.map(ident), sql`, `);
  for await (const lines of table.batches()) {
    if (lines.length === 0) continue;
    await tx.execute(sql`INSERT INTO ${ident(table.name)} (${cols}) OVERRIDING SYSTEM VALUE
      SELECT ${cols} FROM json_populate_recordset(NULL::${ident(table.name)}, ${`[${lines.join(',')}]`}::json)`);
  }
  const seq = await sequenceOf(tx, table.name);
  if (seq && table.sequence) {
    await tx.execute(
      sql`SELECT setval(${seq}::regclass, ${table.sequence.lastValue}::bigint, ${table.sequence.isCalled})`,
    );
  }
}

export function dumpRepository(database: Database) {
  return {
    /**
     * Every row of every table as of one moment (one repeatable-read transaction), streamed: `write` gets
     * each table with its rows in batches read through a cursor, and must read them before it returns.
     * Answers how many migrations the dump's schema had.
     */
    async dump(
      write: (table: TableHead, batches: AsyncIterable<string[]>) => Promise<void>,
    ): Promise<number> {
      return database.db.transaction(
        async (tx) => {
          for (const name of tablesInOrder()) await dumpTable(tx, name, write);
          return migrationCount(tx);
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /** How many rows the tables hold in all: a restore goes only into an empty database. */
    async rowCount(): Promise<number> {
      let total = 0;
      for (const name of tablesInOrder()) {
        const [row] = await all<{ n: number | string }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM ${ident(name)}`,
        );
        total += Number(row?.n ?? 0);
      }
      return total;
    },

    /**
     * Loads a dump in one transaction, one batch of rows at a time: `wipe` first empties every table
     * (restore --force). Columns the code has added since the backup take their defaults; a backup from
     * newer code is refused.
     */
    async load(dump: DatabaseDump, options: { wipe: boolean }): Promise<void> {
      const known = await migrationCount(database.db);
      if (dump.migrations > known) {
        throw new Error(
          `This backup was made by a newer version of Ndako (${dump.migrations} migrations, this one has ${known}): update the code first`,
        );
      }
      await database.transaction(async (tx) => {
        const names = tablesInOrder();
        if (options.wipe) {
          await tx.execute(sql`TRUNCATE ${sql.join(names.map(ident), sql`, `)} RESTART IDENTITY CASCADE`);
        }
        for (const table of dump.tables) await loadTable(tx, table, names);
        // The sessions of the backup's day come back with it: a token revoked since (a departed agent's, a
        // stolen one) would work again. Everyone logs in afresh.
        await tx
          .update(schema.sessions)
          .set({ revokedAt: sql`now()` })
          .where(isNull(schema.sessions.revokedAt));
      });
    },
  };
}

export type DumpRepository = ReturnType<typeof dumpRepository>;
