import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../src/db/client.ts';
import { parseEnv, type Env } from '../../src/env.ts';
import { createApp } from '../../src/server/app.ts';
import type { Mailer } from '../../src/server/services/mailer.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import type { SiteBuilder } from '../../src/server/publishing/site-build.ts';
import { writeSite } from './site-builder.ts';
import { openTestDatabase } from './test-database.ts';

// Each file's database is a copy of the run's migrated template (test-database.ts, global-setup.ts).
export { openTestDatabase, openTestPglite, TEST_DB } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  /** Authorization header of a logged-in admin. */
  auth: { authorization: string };
  /** That admin's account id (named 'Admin Test'). */
  adminId: number;
  token: string;
  adminEmail: string;
  adminPassword: string;
  close: () => Promise<void>;
}

let passwordHash: Promise<string> | undefined;

/** The suites' configuration of an app on `dataDir` (its site in `dataDir/site`, no seed, no log). */
export const testEnv = (dataDir: string, vars: Record<string, string> = {}): Env =>
  parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SITE_DIR: join(dataDir, 'site'),
    SEED: 'none',
    LOG_LEVEL: 'silent',
    ...vars,
  });

export async function buildTestApp(
  options: { env?: Record<string, string>; mailer?: Mailer; siteBuilder?: SiteBuilder } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ndako-test-'));
  const env = testEnv(dataDir, options.env);
  const { database, drop } = await openTestDatabase();
  const app = await createApp({
    env,
    database,
    // Never the real `astro build` in the API suites: a stand-in that writes a tiny site.
    siteBuilder: options.siteBuilder ?? writeSite('Ndako'),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  const adminEmail = 'admin@ndako.test';
  const adminPassword = 'correct horse battery staple';
  passwordHash ??= hashPassword(adminPassword);
  await app.repos.accounts.create({
    email: adminEmail,
    name: 'Admin Test',
    passwordHash: await passwordHash,
    role: 'admin',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: adminEmail, password: adminPassword },
  });
  if (login.statusCode !== 200) throw new Error(`test login failed: ${login.body}`);
  const { token, user } = login.json<{ token: string; user: { id: number } }>();
  return {
    app,
    database,
    env,
    token,
    auth: { authorization: `Bearer ${token}` },
    adminId: user.id,
    adminEmail,
    adminPassword,
    close: async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An app without the test admin (whose password hash costs seconds), for suites that only need the
 * server's configuration and routes.
 */
export async function buildBareApp(
  vars: Record<string, string> = {},
  logger?: FastifyServerOptions['logger'],
): Promise<{ app: FastifyInstance; env: Env; database: Database; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ndako-test-'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SITE_DIR: join(dataDir, 'site'), ...vars });
  const { database, drop } = await openTestDatabase();
  const app = await createApp({
    env,
    database,
    siteBuilder: writeSite('Ndako'),
    ...(logger ? { logger } : {}),
  });
  return {
    app,
    env,
    database,
    close: async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another API instance on `t`'s database, with its own data folder and memory: two `npm start` processes on
 * one DATABASE_URL. `close` stops it and deletes its folder (before `t.close()`).
 */
export async function buildSecondInstance(
  t: TestApp,
  siteBuilder: SiteBuilder,
): Promise<{ app: FastifyInstance; env: Env; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ndako-second-'));
  const env = testEnv(dataDir);
  const app = await createApp({ env, database: t.database, siteBuilder });
  return {
    app,
    env,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
