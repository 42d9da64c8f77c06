import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { testPostgres } from './postgres-server.ts';

// Once per run, before any test file: the database every API test file starts from, migrated once. Files
// then copy it (a few hundred ms) instead of migrating their own (seconds each):
// - pglite (both projects): a migrated in-memory PGlite dumped with dumpDataDir; files load it with loadDataDir;
// - postgres: a migrated template database; files run CREATE DATABASE … TEMPLATE it.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite's dumpDataDir archive (a file path). */
    pgliteTemplate: string;
    /** A URL of the PostgreSQL server to create and drop the files' databases from. */
    postgresUrl: string;
    /** The migrated template database on that server. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The PostgreSQL project gets the PGlite template too: its suites open an empty PGlite here and there (a
  // backup restored into the other kind of database), a copy instead of a migration each (decision 0038).
  const pglite = await shared('pglite', pgliteTemplate);
  project.provide('pgliteTemplate', pglite.value);
  if (!project.name.startsWith('postgres')) return pglite.release;
  const postgres = await shared('postgres', postgresTemplate).catch(async (error: unknown) => {
    await pglite.release();
    throw error;
  });
  project.provide('postgresUrl', postgres.value.url);
  project.provide('postgresTemplate', postgres.value.name);
  return async () => {
    await postgres.release();
    await pglite.release();
  };
}

interface Made<T> {
  value: T;
  remove: () => Promise<void>;
}

const REGISTRY = Symbol.for('ndako.test-templates');
interface Entry {
  made: Promise<Made<unknown>>;
  users: number;
}

/**
 * A template made once per run by the first project that asks and removed after the last one that used it:
 * four projects ask for the PGlite one and two for the PostgreSQL one, one after the other before any file
 * runs (a PGlite migration is 2–4 s on one core). Vitest loads this module once per project, hence a
 * registry on globalThis rather than in the module.
 */
async function shared<T>(key: string, make: () => Promise<Made<T>>) {
  const registry = ((globalThis as { [REGISTRY]?: Map<string, Entry> })[REGISTRY] ??= new Map());
  const entry = registry.get(key) ?? { made: make(), users: 0 };
  registry.set(key, entry);
  entry.users++;
  try {
    const { value, remove } = (await entry.made) as Made<T>;
    const release = async () => {
      if (--entry.users > 0) return;
      registry.delete(key);
      await remove();
    };
    return { value, release };
  } catch (error) {
    if (--entry.users === 0) registry.delete(key);
    throw error;
  }
}

async function pgliteTemplate(): Promise<Made<string>> {
  const dir = await mkdtemp(join(tmpdir(), 'ndako-test-tpl-'));
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const archive = await client.dumpDataDir('none');
    const file = join(dir, 'pglite.tar');
    await writeFile(file, Buffer.from(await archive.arrayBuffer()));
    return { value: file, remove: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

async function postgresTemplate(): Promise<Made<{ url: string; name: string }>> {
  const server = await testPostgres(process.env.TEST_DATABASE_URL);
  const name = `ndako_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    // Migrated, then closed: a template may have no connection while it is copied.
    await (await openDatabase({ kind: 'postgres', url: url.toString(), max: 1 })).close();
  } catch (error) {
    await admin.end();
    await server.stop();
    throw error;
  }
  return {
    value: { url: server.url, name },
    remove: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await server.stop();
    },
  };
}
