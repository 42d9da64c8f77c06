import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasEnded } from '../../scripts/lib/child-process.ts';
import type { LoginResponse, Message, Property } from '../../src/contract/index.ts';

// The real server as a child process on a PGlite directory: the one-process lock and durability after kill -9.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { email: 'admin@ndako.test', password: 'a long test password' };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

function spawnServer(dataDir: string, port: number): Server {
  const child = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The suites' lowered scrypt cost is refused in production: this server hashes as production does.
      SCRYPT_LOG2_N: undefined,
      DATA_DIR: dataDir,
      SITE_DIR: join(dataDir, 'site'),
      DATABASE_URL: '',
      SEED: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Starts a server and waits until /api/health answers. */
async function startServer(dataDir: string, port: number): Promise<Server> {
  const server = spawnServer(dataDir, port);
  let done = false;
  void server.exited.then(() => (done = true));
  for (let i = 0; i < 600; i++) {
    if (done) throw new Error(`the server exited during start-up:\n${server.output()}`);
    try {
      const res = await fetch(`${server.base}/api/health`);
      if (res.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server did not become healthy:\n${server.output()}`);
}

async function kill9(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

let dataDir: string;
let port: number;
let server: Server;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ndako-pglite-'));
  port = await freePort();
  server = await startServer(dataDir, port);
  const res = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  token = ((await res.json()) as LoginResponse).token;
}, 120_000);

afterAll(async () => {
  if (server && !hasEnded(server.child)) await kill9(server);
  await rm(dataDir, { recursive: true, force: true });
});

describe('one process per PGlite directory', () => {
  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const second = spawnServer(dataDir, await freePort());
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain('already open');
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
  }, 60_000);
});

describe('durability', () => {
  const api = (path: string, init: RequestInit & { ip?: string } = {}) =>
    fetch(`${server.base}/api${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        authorization: `Bearer ${token}`,
        ...(init.ip ? { 'x-forwarded-for': init.ip } : {}),
      },
    });

  it('keeps every acknowledged write across kill -9 in the middle of a burst, three times over', async () => {
    const created = await api('/properties', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Durable',
        description: 'Test',
        price: 1,
        area: 1,
        address: 'Av. 1',
        state: 'Gombe',
      }),
    });
    expect(created.status).toBe(201);
    const propertyId = ((await created.json()) as Property).id;
    const acknowledged: string[] = [];
    let acknowledgedViews = 0;

    for (let round = 1; round <= 3; round++) {
      // 30 messages and 30 views at once, from distinct addresses (rate limits are per address); the server
      // is killed as soon as half of them have been acknowledged, with the rest still in flight.
      let acks = 0;
      let halfway!: () => void;
      const half = new Promise<void>((resolve) => (halfway = resolve));
      const ack = () => ++acks >= 30 && halfway();
      const messages = Array.from({ length: 30 }, async (_, i) => {
        const subject = `Round ${round} message ${i}`;
        const body = { senderName: 'Durable', senderEmail: 'd@example.cd', subject, content: 'x' };
        const res = await api('/messages', {
          method: 'POST',
          body: JSON.stringify(body),
          ip: `10.${round}.0.${i + 1}`,
        });
        expect(res.status).toBe(201);
        acknowledged.push(subject);
        ack();
      });
      const views = Array.from({ length: 30 }, async (_, i) => {
        const res = await api(`/properties/${propertyId}/view`, {
          method: 'PATCH',
          ip: `10.${round}.1.${i + 1}`,
        });
        expect(res.status).toBe(200);
        acknowledgedViews = Math.max(
          acknowledgedViews,
          ((await res.json()) as { viewCount: number }).viewCount,
        );
        ack();
      });
      const settled = Promise.allSettled([...messages, ...views]);
      await Promise.race([half, settled]);
      await kill9(server);
      const outcomes = await settled;
      expect(acks).toBeGreaterThanOrEqual(30);
      // Requests cut off by the kill fail with a network error, never with a wrong status.
      for (const o of outcomes)
        if (o.status === 'rejected') expect(String(o.reason)).not.toMatch(/AssertionError/);

      server = await startServer(dataDir, port);
      const list = await api('/messages?limit=100');
      expect(list.status).toBe(200);
      const stored = new Set(((await list.json()) as { data: Message[] }).data.map((m) => m.subject));
      expect(acknowledged.filter((s) => !stored.has(s))).toEqual([]);
      const property = (await (await api(`/properties/${propertyId}`)).json()) as Property;
      expect(property.viewCount).toBeGreaterThanOrEqual(acknowledgedViews);
    }
    expect(acknowledged.length).toBeGreaterThan(0);
  }, 240_000);

  it('shuts down cleanly on SIGTERM and releases the lock', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 30_000);
});
