import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import * as schema from './schema.ts';
import { lockDataDir } from './pglite-lock.ts';

export type Schema = typeof schema;
/** The Drizzle API shared by both drivers; a transaction offers the same API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs `fn` in a transaction and returns once the commit is on disk. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * Runs `fn` while holding the database's start-up lock, as the migrations do: instances started together on
   * one empty PostgreSQL migrate and seed it one after the other, each finding the others' work done (decision
   * 0031). PGlite has one process (its data folder is locked: pglite-lock.ts), so `fn` just runs.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * The upkeep PostgreSQL's autovacuum does on its own, for the embedded database, which has none: without
   * it PGlite's planner never learns the tables' sizes and its index-only scans always visit the table (at
   * 10,000 listings a deep page of the list sorted every listing on disk: 320 ms instead of 26). A no-op on
   * PostgreSQL.
   */
  maintain(): Promise<void>;
  /**
   * A server marks the database as in use for as long as it runs (PostgreSQL: IN_USE_LOCK held shared on a
   * connection of its own, looked after every HEARTBEAT_MS; PGlite: its data folder's lock already says so).
   */
  holdInUse(): Promise<void>;
  /**
   * For a restore: null while any server has the database in use, on any machine; else a release, and until
   * it is called (or close()) a server starting waits.
   */
  takeAlone(): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  /**
   * `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts it from a `dumpDataDir()`
   * archive (the test suites' migrated template) instead of an empty cluster; `sharedBuffers` sets
   * PostgreSQL's buffer pool (PGlite's default is 128MB, which its start spends about 0.4–1 s of a core
   * setting up: the suites' small copies start with 8MB).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; sharedBuffers?: string };

/** The database a configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export const configuredDatabase = (config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): DatabaseOptions =>
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The start-up lock's key: any number, the same in every instance ("Ndako" in ASCII). */
const START_LOCK = String(0x4e64616b6f);

/**
 * `fn` under PostgreSQL's session advisory lock START_LOCK, taken on a connection of its own (not one of the
 * pool's, which `fn` needs, however small the pool). A second instance waits in pg_advisory_lock; the lock
 * goes with the session if the holder dies, so a crashed start never blocks the next.
 */
async function underStartLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const lock = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await lock`SELECT pg_advisory_lock(${START_LOCK}::bigint)`;
    try {
      return await fn();
    } finally {
      await lock`SELECT pg_advisory_unlock(${START_LOCK}::bigint)`.catch(() => {});
    }
  } finally {
    await lock.end({ timeout: 5 });
  }
}

/** Held shared by every running server, exclusively by a restore: the start-up lock's key plus one. */
const IN_USE_LOCK = String(0x4e64616b6f + 1);
/** How often a server checks that its connection still holds IN_USE_LOCK (taken again if it was lost). */
const HEARTBEAT_MS = 30_000;

/**
 * PostgreSQL's side of holdInUse/takeAlone: a connection of its own (a pool's connections come and go, and
 * the lock goes with its session: a server that dies lets a restore through at once), never recycled.
 */
function inUseLock(url: string) {
  let connection: postgres.Sql | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const open = () =>
    (connection ??= postgres(url, { max: 1, max_lifetime: 0, onnotice: () => {}, connect_timeout: 10 }));
  const holdShared = async () => {
    await open()`SELECT pg_advisory_lock_shared(${IN_USE_LOCK}::bigint)
      WHERE NOT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
        AND ((classid::bigint << 32) | objid::bigint) = ${IN_USE_LOCK}::bigint)`;
  };
  return {
    async holdInUse() {
      await holdShared();
      // A dropped connection (a PostgreSQL restart, the network) loses the lock: taken again on the next beat.
      heartbeat ??= setInterval(() => void holdShared().catch(() => {}), HEARTBEAT_MS);
      heartbeat.unref();
    },
    async takeAlone() {
      const sql = open();
      const [row] = await sql<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(${IN_USE_LOCK}::bigint) AS ok`;
      if (row?.ok !== true) return null;
      return async () => void (await sql`SELECT pg_advisory_unlock(${IN_USE_LOCK}::bigint)`);
    },
    async close() {
      if (heartbeat) clearInterval(heartbeat);
      await connection?.end({ timeout: 5 });
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.max) : openPglite(options);
}

async function openPostgres(url: string, max = 10): Promise<Database> {
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 10 });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  const exclusively = <T>(fn: () => Promise<T>) => underStartLock(url, fn);
  try {
    // Two instances migrating an empty database at once would both create the migrations' table and run
    // the same migrations (and one fail): the second waits, then finds every migration applied.
    await exclusively(() => migratePostgres(db as never, { migrationsFolder }));
  } catch (error) {
    await client.end({ timeout: 1 });
    throw error;
  }
  const inUse = inUseLock(url);
  return {
    kind: 'postgres',
    db,
    transaction: (fn) => db.transaction((tx) => fn(tx as unknown as Db)),
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    exclusively,
    maintain: async () => {},
    holdInUse: inUse.holdInUse,
    takeAlone: inUse.takeAlone,
    close: async () => {
      await inUse.close();
      await client.end({ timeout: 5 });
    },
  };
}

async function openPglite({
  dataDir,
  loadDataDir,
  sharedBuffers,
}: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir: join(dataDir, 'pglite') } : loadDataDir ? { loadDataDir } : {}),
      ...(sharedBuffers
        ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] }
        : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    const pg = client;
    return {
      kind: 'pglite',
      db,
      // PGlite skips its own filesystem sync after a transaction's COMMIT (electric-sql/pglite#1065),
      // so an acknowledged write could be lost to a crash: sync explicitly before answering.
      transaction: async (fn) => {
        const result = await db.transaction((tx) => fn(tx as unknown as Db));
        await pg.syncToFs();
        return result;
      },
      ping: async () => void (await db.execute(sql`SELECT 1`)),
      exclusively: (fn) => fn(),
      maintain: async () => void (await pg.exec('VACUUM ANALYZE')),
      // The data folder's lock (pglite-lock.ts) keeps every other process out already.
      holdInUse: async () => {},
      takeAlone: async () => async () => {},
      close: async () => {
        try {
          if (!pg.closed) await pg.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => {});
    release();
    throw error;
  }
}
