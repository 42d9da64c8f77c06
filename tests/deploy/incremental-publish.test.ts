import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property, PropertyInput, PublicTeamMember, PublishState } from '../../src/contract/index.ts';
import { inputOf } from '../../scripts/bench/lib/admin.ts';
import { login, ROOT, startNdako, type Proc } from '../../scripts/bench/lib/server.ts';

// The same site either way (decision 0045): random staff edits on a small demo, each published as
// staff publish (the server's site renderer, which renders only the pages whose key changed and changes the
// live build in place), then a whole `astro build` of the same data: every file of the two, byte for byte,
// search index included.

// The server and the builds run as in production (NODE_ENV=production), where the suites' low
// password-hashing cost is refused.
delete process.env.SCRYPT_LOG2_N;

const port = 23_000 + Math.floor(Math.random() * 2000);
// Inside the project: Astro writes its pages' bundle under an output folder inside it (decision 0045).
const scratch = join(ROOT, 'node_modules/.cache');
mkdirSync(scratch, { recursive: true });
const dataDir = mkdtempSync(join(scratch, 'ndako-incremental-'));
const siteDir = join(dataDir, 'site');
let server: Proc;
let token: string;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server.base}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await api(path, init);
  const body = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${body}`);
  return (body ? JSON.parse(body) : null) as T;
}

/** POST /api/publish, then wait for its run to end, search index included. */
async function publish(): Promise<PublishState> {
  const before = (await json<PublishState>('/publish')).lastPublishedAt;
  await json('/publish', { method: 'POST' });
  for (let i = 0; i < 1200; i++) {
    const state = await json<PublishState>('/publish');
    if (state.state === 'failed') throw new Error(`the publish failed: ${state.lastError}`);
    if (state.state === 'idle' && state.lastPublishedAt !== before) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the publish did not end in 2 minutes');
}

/** A whole `astro build` of the server's data into `out`, with the server's configuration. */
function fullBuild(out: string): Promise<void> {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      API_URL: server.base,
      BUILD_OUT_DIR: out,
      // Its own records: the server's are the live build's.
      BUILD_CACHE_DIR: join(dataDir, 'full-cache'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(output.slice(-3000))))),
  );
}

async function files(root: string, dir = root): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(root, path)));
    else out.push(relative(root, path));
  }
  return out.sort();
}

/** The files of `a` and `b` that are not the same, byte for byte (or are in one only). */
async function differences(a: string, b: string): Promise<string[]> {
  const [x, y] = [await files(a), await files(b)];
  const differ = [...x.filter((f) => !y.includes(f)), ...y.filter((f) => !x.includes(f))];
  for (const f of x.filter((f) => y.includes(f))) {
    const [p, q] = await Promise.all([readFile(join(a, f)), readFile(join(b, f))]);
    if (!p.equals(q)) differ.push(f);
  }
  return differ.sort();
}

/** What staff may do to the listings between two publishes. */
const edit = fc.oneof(
  fc.record({
    kind: fc.constant('title' as const),
    pick: fc.nat(),
    word: fc.constantFrom('rénovée', 'lumineuse', 'neuve'),
  }),
  fc.record({ kind: fc.constant('price' as const), pick: fc.nat(), factor: fc.constantFrom(0.5, 1.1, 3) }),
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    status: fc.constantFrom('available', 'sold', 'unavailable', 'hot'),
  }),
  fc.record({ kind: fc.constant('featured' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('photos' as const), pick: fc.nat(), drop: fc.boolean() }),
  fc.record({ kind: fc.constant('agent' as const), pick: fc.nat(), member: fc.nat() }),
  fc.record({
    kind: fc.constant('team' as const),
    member: fc.nat(),
    name: fc.constantFrom('Grâce Mbuyi', 'Patrick Ilunga'),
  }),
  // A member deactivated (or back): their listings show the agency's contact instead (a departed agent is no public contact).
  fc.record({ kind: fc.constant('activity' as const), member: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('create' as const), pick: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

async function apply(e: Edit): Promise<void> {
  const { data } = await json<{ data: Property[] }>('/properties?limit=100');
  const team = (await json<{ data: PublicTeamMember[] }>('/team?limit=100')).data;
  const p = data[('pick' in e ? e.pick : 0) % data.length]!;
  const put = (input: PropertyInput) =>
    json(`/properties/${p.id}`, { method: 'PUT', body: JSON.stringify(input) });
  switch (e.kind) {
    case 'title':
      return void (await put({ ...inputOf(p), title: `${p.title.slice(0, 120)} ${e.word}` }));
    case 'price':
      return void (await put({ ...inputOf(p), price: Math.max(1, Math.round(p.price * e.factor)) }));
    case 'status':
      return void (await json(`/properties/${p.id}/status`, {
        method: 'PATCH',
        body: JSON.stringify({ status: e.status }),
      }));
    case 'featured':
      return void (await put({ ...inputOf(p), featured: !p.featured }));
    case 'photos': {
      const media = e.drop ? p.media.slice(1) : [...p.media].reverse();
      return void (await put({ ...inputOf(p), media }));
    }
    case 'agent': {
      const member = team[e.member % (team.length + 1)];
      return void (await put({ ...inputOf(p), managerId: member?.id ?? null }));
    }
    case 'team': {
      const member = team[e.member % team.length]!;
      const m = await json<Record<string, unknown>>(`/team/${member.id}`);
      const { role, phone, email, photo, joinDate, isActive } = m;
      const body = { name: e.name, role, phone, email, photo, joinDate, isActive };
      return void (await json(`/team/${member.id}`, { method: 'PUT', body: JSON.stringify(body) }));
    }
    case 'activity': {
      const member = team[e.member % team.length]!;
      return void (await json(`/team/${member.id}/toggle-status`, { method: 'PATCH' }));
    }
    case 'delete':
      if (data.length > 4) await json(`/properties/${p.id}`, { method: 'DELETE' });
      return;
    case 'create':
      return void (await json('/properties', {
        method: 'POST',
        body: JSON.stringify({ ...inputOf(p), title: `Nouveau : ${p.title.slice(0, 100)}` }),
      }));
  }
}

beforeAll(async () => {
  // Small pictures (the seed draws them to fit): the builds compared here never look into them.
  server = await startNdako({ port, dataDir, siteDir, seed: 10, megapixels: 0.04 });
  token = await login(server.base);
  await publish();
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('publishing only what changed', () => {
  it('writes, after any staff edits, the same site as a whole build of the same data', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 5, maxLength: 8 }), async (edits) => {
        for (const e of edits) {
          await apply(e);
          await publish();
        }
        const full = join(dataDir, `full-${round++}`);
        await fullBuild(full);
        expect(await differences(await realpath(siteDir), full)).toEqual([]);
      }),
      // Each case costs a whole build (about 10 s): one case a run, new edits each run (fast-check's seed),
      // and no shrinking (the failing edits are printed whole).
      { numRuns: 1, endOnFailure: true },
    );
  }, 600_000);

  it('renders only the pages that show an edited listing', async () => {
    const { data } = await json<{ data: Property[] }>('/properties?limit=100');
    const p = data.find((x) => x.status === 'available') ?? data[0]!;
    const title = `Titre vérifié ${Date.now()}`;
    await json(`/properties/${p.id}`, { method: 'PUT', body: JSON.stringify({ ...inputOf(p), title }) });
    await publish();
    const [entry] = (await json<{ data: { detail: string }[] }>('/audit?entity=site&limit=1')).data;
    const [, rendered, pages] = /(\d+) pages? rendues? sur ([\d ]+)/.exec(entry!.detail) ?? [];
    expect(Number(rendered)).toBeGreaterThanOrEqual(3);
    expect(Number(rendered)).toBeLessThan(Number(pages!.replace(/ /g, '')) / 4);
    expect(entry!.detail).toContain('mises en place dans le site en ligne');
    const page = await readFile(join(siteDir, 'property', String(p.id), 'index.html'), 'utf8');
    expect(page).toContain(title);
  }, 120_000);

  // A deactivated agent's contact left the API, so their listings' pages must be rendered again.
  it('renders again the page of a listing whose manager is deactivated, then reactivated', async () => {
    const { data } = await json<{ data: Property[] }>('/properties?limit=100');
    const p = data.find((x) => x.agent !== null)!;
    const { email, id } = p.agent!;
    const page = () => readFile(join(siteDir, 'property', String(p.id), 'index.html'), 'utf8');
    expect(await page()).toContain(email);
    await json(`/team/${id}/toggle-status`, { method: 'PATCH' });
    await publish();
    expect(await page()).not.toContain(email);
    await json(`/team/${id}/toggle-status`, { method: 'PATCH' });
    await publish();
    expect(await page()).toContain(email);
  }, 300_000);

  it('builds a whole new site after a publish cut off while it changed the live one (its journal left)', async () => {
    const live = await realpath(siteDir);
    // What a renderer killed between its first rename and its new record leaves beside the record.
    await writeFile(join(dataDir, 'cache', 'builds', `${basename(live)}.journal`), '{}');
    await publish();
    const [entry] = (await json<{ data: { detail: string }[] }>('/audit?entity=site&limit=1')).data;
    expect(entry!.detail).toContain('site complet');
    expect(await realpath(siteDir)).not.toBe(live);
  }, 300_000);
});
