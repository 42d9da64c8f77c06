import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasEnded } from '../../scripts/lib/child-process.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { haproxyPath, startHaproxy, type Balancer } from '../../scripts/lib/haproxy.ts';
import { phoneVideo } from '../../scripts/lib/phone-video.ts';
import type { Property, PublishState } from '../../src/contract/index.ts';
import { READ_CACHE_TTL_MS } from '../../src/server/plugins/read-cache.ts';
import { messageInput, propertyInput } from '../helpers/fixtures.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres-server.ts';
import { writeSite } from '../helpers/site-builder.ts';

// The deployment of "several API instances on one PostgreSQL" for real: two `src/server/server.ts`
// processes on one scratch database, sharing one SITE_DIR and DATA_DIR on this machine, behind HAProxy
// (Debian's package) balancing round-robin. Publishing goes to a deploy hook this test serves and holds, so
// a build "runs" for as long as the test wants without an astro build.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { email: 'admin@ndako.test', password: 'instances admin password' };
const HAPROXY = haproxyPath();
if (!HAPROXY)
  console.warn(
    'tests/deploy/instances.test.ts skipped: haproxy is not installed (apt-get install -y haproxy)',
  );

let pg: TestPostgres;
let adminSql: postgres.Sql;
let sql: postgres.Sql;
let dbName: string;
let dataDir: string;
const instances: { name: string; port: number; child: ChildProcess; output: string }[] = [];
let balancer: Balancer;
let lb: string;
let hook: Server;
/** Deploy-hook calls: how many arrived, how many at once at most, and the answers the test holds back. */
const calls = { total: 0, open: 0, maxOpen: 0, held: [] as (() => void)[] };
let token: string;

function startInstance(name: string, port: number, env: Record<string, string>) {
  const child = spawn(join(ROOT, 'node_modules/.bin/node'), ['src/server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, SCRYPT_LOG2_N: undefined, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance = { name, port, child, output: '' };
  child.stdout!.on('data', (chunk: Buffer) => (instance.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (instance.output += chunk.toString()));
  instances.push(instance);
  return instance;
}

async function healthy(instance: (typeof instances)[number]): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (hasEnded(instance.child)) throw new Error(`${instance.name} stopped:\n${instance.output}`);
    if ((await fetch(`http://127.0.0.1:${instance.port}/api/health`).catch(() => null))?.ok) return;
    await sleep(100);
  }
  throw new Error(`${instance.name} never answered:\n${instance.output}`);
}

beforeAll(async () => {
  if (!HAPROXY) return;
  pg = await testPostgres(process.env.TEST_DATABASE_URL);
  adminSql = postgres(pg.url, { max: 1, onnotice: () => {} });
  dbName = `ndako_instances_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminSql.unsafe(`CREATE DATABASE ${dbName}`);
  const url = new URL(pg.url);
  url.pathname = `/${dbName}`;
  sql = postgres(url.toString(), { max: 1, onnotice: () => {} });

  hook = createServer((req: IncomingMessage, res) => {
    calls.total++;
    calls.maxOpen = Math.max(calls.maxOpen, ++calls.open);
    req.resume();
    calls.held.push(() => {
      calls.open--;
      res.writeHead(202).end('accepted');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));

  // One site for both, on this machine's disk: a build's switch of the SITE_DIR link is seen by both.
  dataDir = await mkdtemp(join(tmpdir(), 'ndako-instances-'));
  const siteDir = join(dataDir, 'site');
  await writeSite('Ndako à deux instances')({
    outDir: siteDir,
    signal: new AbortController().signal,
    report: () => {},
  });
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    SEED: 'none',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLISH_HOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/deploy`,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  // The first migrates the empty database and creates the admin; the second starts on it (docs/deploy.md).
  const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
  await healthy(startInstance('a', portA, env));
  await healthy(startInstance('b', portB, env));
  balancer = await startHaproxy({
    port: portLb,
    servers: instances.map(({ name, port }) => ({ name, port })),
  });
  lb = balancer.base;
  const login = await fetch(`${lb}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { token: string }).token;
}, 240_000);

afterAll(async () => {
  for (const release of calls.held.splice(0)) release();
  await balancer?.stop();
  for (const { child } of instances) {
    if (!hasEnded(child)) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  hook?.close();
  await sql?.end();
  if (dbName) await adminSql.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await adminSql?.end();
  await pg?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const staff = (path: string, init: RequestInit = {}, base = lb) =>
  fetch(`${base}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
const servedBy = (res: Response) => res.headers.get('x-served-by');
const direct = (name: string) => `http://127.0.0.1:${instances.find((i) => i.name === name)!.port}`;

describe.skipIf(!HAPROXY)('two API instances behind HAProxy, on one PostgreSQL', () => {
  it('alternate requests, and serve the one shared site', async () => {
    const answers = await Promise.all([0, 1, 2, 3].map(() => fetch(`${lb}/`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map(servedBy))).toEqual(new Set(['a', 'b']));
    for (const res of answers) expect(await res.text()).toContain('Ndako à deux instances');
  });

  it('accept a staff login on both instances', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const res = await staff('/auth/verify');
      expect(res.status).toBe(200);
      seen.add(servedBy(res));
    }
    expect(seen).toEqual(new Set(['a', 'b']));
  });

  it('count the form limit once for both: ten messages per address in all', async () => {
    const from = { 'x-forwarded-for': '198.51.100.23', 'content-type': 'application/json' };
    const post = () =>
      fetch(`${lb}/api/messages`, { method: 'POST', headers: from, body: JSON.stringify(messageInput()) });
    const seen = new Set<string | null>();
    for (let i = 0; i < 10; i++) {
      const res = await post();
      expect(res.status).toBe(201);
      seen.add(servedBy(res));
    }
    expect(seen).toEqual(new Set(['a', 'b']));
    const refused = await Promise.all([post(), post()]);
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(new Set(refused.map(servedBy))).toEqual(new Set(['a', 'b']));
  });

  it('publish once at a time: a publish started on A is shown running, not started, on B', async () => {
    const onA = await staff('/publish', { method: 'POST' }, direct('a'));
    expect(onA.status).toBe(202);
    for (let i = 0; i < 100 && calls.total < 1; i++) await sleep(50);
    expect(calls.total).toBe(1);
    const onB = await staff('/publish', { method: 'POST' }, direct('b'));
    expect(onB.status).toBe(202);
    expect(((await onB.json()) as PublishState).state).toBe('running');
    // The admin's status through the balancer, whichever instance answers.
    for (let i = 0; i < 2; i++)
      expect(((await (await staff('/publish')).json()) as PublishState).state).toBe('running');
    await sleep(500);
    expect(calls.total).toBe(1);
    // The hook answers: A runs once more for B's request, one call after the other, never two at once.
    calls.held.shift()!();
    for (let i = 0; i < 100 && calls.total < 2; i++) await sleep(50);
    calls.held.shift()?.();
    expect(calls.total).toBe(2);
    expect(calls.maxOpen).toBe(1);
    let states: string[] = [];
    for (let i = 0; i < 100; i++) {
      states = await Promise.all(
        ['a', 'b'].map(
          async (n) => ((await (await staff('/publish', {}, direct(n))).json()) as PublishState).state,
        ),
      );
      if (states.every((s) => s === 'idle')) break;
      await sleep(100);
    }
    expect(states).toEqual(['idle', 'idle']);
  });

  it(`show a write through the balancer within the read cache's bound (${READ_CACHE_TTL_MS / 1000} s)`, async () => {
    const created = await staff('/properties', { method: 'POST', body: JSON.stringify(propertyInput()) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Property;
    const read = async () => {
      const res = await fetch(`${lb}/api/properties/${id}`);
      return ((await res.json()) as Property).status;
    };
    // Both instances keep the listing in their caches.
    expect([await read(), await read()]).toEqual(['available', 'available']);
    const sold = await staff(`/properties/${id}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'sold' }),
    });
    expect(sold.status).toBe(200);
    const writtenAt = Date.now();
    // Seen once two reads in a row (one per instance) show it.
    let statuses: string[] = [];
    while (Date.now() - writtenAt < 10_000) {
      statuses = [await read(), await read()];
      if (statuses.every((s) => s === 'sold')) break;
      await sleep(100);
    }
    expect(statuses).toEqual(['sold', 'sold']);
    expect(Date.now() - writtenAt).toBeLessThanOrEqual(READ_CACHE_TTL_MS + 1_000);
  });

  it('resume a video upload on whichever instance takes each chunk, and finish it on either', async () => {
    const { buffer } = phoneVideo(3 * 1_048_576);
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await staff('/media/uploads', {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(buffer.length) },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/media\/uploads\/[a-f0-9]{32}$/);
    const seen = new Set<string | null>([servedBy(created)]);
    for (let offset = 0; offset < buffer.length; offset += 1_048_576) {
      const head = await staff(location.slice('/api'.length), { method: 'HEAD', headers: tus });
      expect(Number(head.headers.get('upload-offset'))).toBe(offset);
      const sent = await staff(location.slice('/api'.length), {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: buffer.subarray(offset, offset + 1_048_576),
      });
      expect(sent.status, await sent.clone().text()).toBe(204);
      seen.add(servedBy(head)).add(servedBy(sent));
    }
    expect(seen).toEqual(new Set(['a', 'b']));
    const finished = await staff(`${location.slice('/api'.length)}/finish`, { method: 'POST' });
    expect(finished.status, await finished.clone().text()).toBe(201);
    const { url } = (await finished.json()) as { url: string };
    const served = await fetch(`${lb}${url}`);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), buffer)).toBe(0);
  });

  it('count a visitor once a day whichever instance takes the page view', async () => {
    const session = `session-instances-${Date.now()}`;
    const seen = new Set<string | null>();
    for (const path of ['/', '/properties', '/about', '/contact']) {
      const res = await fetch(`${lb}/api/analytics/pageview`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': '203.0.113.77',
          'user-agent': 'Two instances',
        },
        body: JSON.stringify({ path, session }),
      });
      expect(res.status).toBe(204);
      seen.add(servedBy(res));
    }
    expect(seen).toEqual(new Set(['a', 'b']));
    const rows = await sql<{ visitor: string }[]>`SELECT visitor FROM page_views WHERE session = ${session}`;
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(1);
  });
});
