// The bench's processes: Ndako servers (src/server/server.ts) on their own data directory or PostgreSQL
// database, the site build (astro build) against one of them, and scratch PostgreSQL databases.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { hasEnded } from '../../lib/child-process.ts';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const ADMIN = { email: 'admin@ndako.cd', password: 'bench password' };

/** A child process whose output is kept (the last 20,000 characters) for error messages. */
export interface Proc {
  child: ChildProcess;
  /** http://127.0.0.1:port */
  base: string;
  output(): string;
  exited: Promise<number | null>;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), SIGKILL after 15 s; resolved once the process is gone. */
  stop(): Promise<void>;
}

export function spawnNode(args: string[], env: Record<string, string>, port: number): Proc {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const gone = () => hasEnded(child);
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    kill: async () => {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (gone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface NdakoOptions {
  port: number;
  dataDir: string;
  /** Built site served at / (default DATA_DIR/site). */
  siteDir?: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** Demo listings seeded on first start, or none. */
  seed: number | 'none';
  /** BUILD_CACHE_DIR: the records of the builds this server starts (publish), the share pictures it draws. */
  cacheDir?: string;
  /** MEDIA_MAX_MEGAPIXELS: the seed draws its pictures to fit (tests that never look at them ask for small ones). */
  megapixels?: number;
}

/**
 * Starts src/server/server.ts. It trusts 127.0.0.1 as its reverse proxy (TRUST_PROXY), as production trusts
 * its proxy, so that a bench on this machine can speak for many visitors with X-Forwarded-For (the API's
 * rate limits are per client address).
 */
export function spawnNdako(o: NdakoOptions): Proc {
  return spawnNode(
    ['src/server/server.ts'],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(o.port),
      DATA_DIR: o.dataDir,
      SITE_DIR: o.siteDir ?? `${o.dataDir}/site`,
      DATABASE_URL: o.databaseUrl ?? '',
      SEED: o.seed === 'none' ? 'none' : 'demo',
      SEED_PROPERTIES: String(o.seed === 'none' ? 0 : o.seed),
      API_URL: `http://127.0.0.1:${o.port}`,
      ...(o.cacheDir ? { BUILD_CACHE_DIR: o.cacheDir } : {}),
      ...(o.megapixels ? { MEDIA_MAX_MEGAPIXELS: String(o.megapixels) } : {}),
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    o.port,
  );
}

/** Waits until /api/health answers 200; throws with the server's output if it exits or never does. */
export async function waitHealthy(proc: Proc, timeoutMs = 30 * 60_000): Promise<void> {
  let exited = false;
  void proc.exited.then(() => (exited = true));
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (exited) throw new Error(`the server exited during start-up:\n${proc.output()}`);
    const res = await fetch(`${proc.base}/api/health`).catch(() => null);
    if (res?.ok) return;
    await sleep(100);
  }
  await proc.kill();
  throw new Error(`the server did not become healthy in ${timeoutMs / 1000} s:\n${proc.output()}`);
}

/** Throws if something already listens on the port (its health check would be taken for the new server's). */
export async function assertPortFree(port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`port ${port} is already in use (${error.code}): stop what listens there`)),
    );
    probe.listen(port, '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

export async function startNdako(o: NdakoOptions): Promise<Proc> {
  await assertPortFree(o.port);
  const proc = spawnNdako(o);
  await waitHealthy(proc);
  return proc;
}

/** Logs in as the bench's admin and returns the bearer token. */
export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Runs `astro build` of the public site from the API at `api` into `outDir`; returns its seconds. */
export async function buildSite(o: { api: string; outDir: string; cacheDir: string; dataDir: string }) {
  const astro = fileURLToPath(new URL('../../../node_modules/astro/bin/astro.mjs', import.meta.url));
  const started = performance.now();
  const proc = spawnNode(
    [astro, 'build', '--silent'],
    { API_URL: o.api, BUILD_OUT_DIR: o.outDir, BUILD_CACHE_DIR: o.cacheDir, DATA_DIR: o.dataDir },
    0,
  );
  const code = await proc.exited;
  if (code !== 0) throw new Error(`astro build failed (${code}):\n${proc.output()}`);
  return (performance.now() - started) / 1000;
}

/** The server the bench creates its scratch databases on (trust authentication). */
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new, empty PostgreSQL database named `name` (dropped first if left over); drop() removes it. */
export async function scratchDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = async (statement: string) => {
    const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end({ timeout: 5 });
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
