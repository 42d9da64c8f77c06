import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { DEFAULT_TEST_DATABASE_URL } from './postgres-server.ts';

// A fresh database per test file, copied from the run's migrated template (tests/helpers/global-setup.ts).

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The template archive, read once per worker (files of one worker share it; each loads its own copy). */
let pgliteArchive: Promise<Blob | undefined> | undefined;
function pgliteTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  // Run outside the configured projects (no global setup): each file migrates its own, as before.
  pgliteArchive ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return pgliteArchive;
}

/**
 * An empty, migrated in-memory PGlite, whichever the project's database: a copy of the template. Its buffer
 * pool is 8MB, not PGlite's 128MB: a file's few rows fit, and setting up the larger pool was about half of a
 * copy's start (0.4–1 s of a core, for each of about a hundred copies a run; decision 0038).
 */
export async function openTestPglite(): Promise<Database> {
  const loadDataDir = await pgliteTemplate();
  return openDatabase({ kind: 'pglite', sharedBuffers: '8MB', ...(loadDataDir ? { loadDataDir } : {}) });
}

/**
 * An in-memory PGlite, or a new database on the PostgreSQL server, migrated (`url`: its address, for a
 * child process); `drop` deletes it.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url?: string;
}> {
  if (TEST_DB === 'pglite') {
    const database = await openTestPglite();
    return { database, drop: () => database.close() };
  }
  const adminUrl = inject('postgresUrl') ?? process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  const name = `ndako_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The copy is already migrated: openDatabase finds every migration applied and goes on.
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
