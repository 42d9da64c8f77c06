import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { testPostgres } from './postgres-server.ts';

// Once per run and project, before any test file: the database every API test file starts from, migrated
// once. Files then copy it (a few hundred ms) instead of migrating their own (seconds each):
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
  const pglite = await pgliteTemplate(project);
  if (!project.name.startsWith('postgres')) return pglite;
  const postgres = await postgresTemplate(project).catch(async (error: unknown) => {
    await pglite();
    throw error;
  });
  return async () => {
    await postgres();
    await pglite();
  };
}

async function pgliteTemplate(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'ndako-test-tpl-'));
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const archive = await client.dumpDataDir('none');
    const file = join(dir, 'pglite.tar');
    await writeFile(file, Buffer.from(await archive.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
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
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await server.stop();
  };
}
