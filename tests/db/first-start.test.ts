import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { localMediaStore } from '../../src/media/store.ts';
import { initialise } from '../../src/server/bootstrap.ts';
import { createRepositories } from '../../src/server/context.ts';
import { testEnv } from '../helpers/app.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres-server.ts';

// Decision 0031: two API instances started at the same moment on one empty PostgreSQL database.
// Each does what src/server/server.ts does at start — open the database (which migrates it), then the first
// start's demo seed and first admin — at the same time, on its own connections. The start-up lock makes one
// wait for the other: one schema, one seed, one admin.

const PROPERTIES = 6;
const silent = { info: () => {} } as never;

let pg: TestPostgres;
let admin: postgres.Sql;
let name: string;
let url: string;
let dataDir: string;

beforeAll(async () => {
  pg = await testPostgres(process.env.TEST_DATABASE_URL);
  admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  name = `ndako_first_start_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  // Empty: not the suites' migrated template, so both instances find every migration to run.
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const u = new URL(pg.url);
  u.pathname = `/${name}`;
  url = u.toString();
  dataDir = await mkdtemp(join(tmpdir(), 'ndako-first-start-'));
});

afterAll(async () => {
  if (name) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
  await pg?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** One instance's start: migrations, then the seed and first admin under the start-up lock. */
async function start(): Promise<Database> {
  // Small pictures: the seed is the same, drawn quicker.
  const env = testEnv(dataDir, {
    SEED: 'demo',
    SEED_PROPERTIES: String(PROPERTIES),
    ADMIN_PASSWORD: 'first start admin password',
    MEDIA_MAX_MEGAPIXELS: '0.04',
  });
  const database = await openDatabase({ kind: 'postgres', url, max: 4 });
  const media = localMediaStore(join(dataDir, 'media'));
  await database.exclusively(() =>
    initialise(database, createRepositories(database, env), env, silent, media),
  );
  return database;
}

describe('two instances started together on an empty PostgreSQL database', () => {
  it('migrate it once and seed it once: the second waits for the first, then finds the work done', async () => {
    const started = await Promise.allSettled([start(), start()]);
    const failed = started.filter((s) => s.status === 'rejected');
    expect(failed.map((f) => String(f.reason))).toEqual([]);
    for (const s of started) if (s.status === 'fulfilled') await s.value.close();

    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const journal = JSON.parse(
        await readFile(new URL('../../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const [migrations] = await sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
      expect(migrations!.n).toBe(journal.entries.length);
      const [accounts] = await sql`SELECT count(*)::int AS n FROM accounts`;
      expect(accounts!.n).toBe(1);
      const [properties] = await sql`SELECT count(*)::int AS n FROM properties`;
      expect(properties!.n).toBe(PROPERTIES);
      // The demo team once: as many members as distinct e-mails, none twice.
      const [team] = await sql`SELECT count(*)::int AS n, count(DISTINCT email)::int AS d FROM team_members`;
      expect(team!.n).toBeGreaterThan(0);
      expect(team!.n).toBe(team!.d);
    } finally {
      await sql.end();
    }
  }, 300_000);
});
