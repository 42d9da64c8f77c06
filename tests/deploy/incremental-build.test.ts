import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '../../src/contract/index.ts';
import { listingPages } from '../../src/build/incremental.ts';
import { login, ROOT, startNdako, type Proc } from '../../scripts/bench/lib/server.ts';

// The incremental build (decision 0033) on a small seed: after an edit, a build that reuses the unchanged
// listing pages of the previous build writes exactly the files a full build writes.

// The servers and builds started here run as in production (NODE_ENV=production), where the test suites'
// low password-hashing cost is refused.
delete process.env.SCRYPT_LOG2_N;

const port = 21_000 + Math.floor(Math.random() * 2000);
// Inside the project: for an output folder outside it, Astro writes its prerender bundle to the project's
// .astro/ folder, which builds running at the same time (another test file's) would overwrite.
const scratch = join(ROOT, 'node_modules/.cache');
mkdirSync(scratch, { recursive: true });
const dataDir = mkdtempSync(join(scratch, 'ndako-incremental-'));
const cacheDir = join(dataDir, 'cache');
let server: Proc;

/** `astro build` into `out`, reusing `previous` when given; answers its output. */
function build(out: string, previous?: string): Promise<string> {
  const child = spawn(
    join(ROOT, 'node_modules/.bin/node'),
    [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        API_URL: server.base,
        DATA_DIR: dataDir,
        BUILD_CACHE_DIR: cacheDir,
        BUILD_OUT_DIR: out,
        ...(previous ? { BUILD_PREVIOUS_DIR: previous } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(output.slice(-3000))))),
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

/** Files whose bytes differ from one build to the next by design: the build's date and random id. */
const PER_BUILD = /^(site-manifest\.json|sw\.js|data\/listings\.json)(\.br|\.gz)?$/;
/** The catalogue's parts (decision 0032) carry the build's time so that two publishes are never mixed. */
const DATED = /^data\/(catalogue|words|geo|cards\/\d+)\.json(\.br|\.gz)?$/;
/** A dated part without its date: compressed copies are compared through their JSON. */
const undated = (f: string, body: Buffer) =>
  f.endsWith('.json') ? JSON.stringify({ ...(JSON.parse(body.toString()) as object), builtAt: '' }) : '';

const full = join(dataDir, 'full');
const before = join(dataDir, 'before');
const incremental = join(dataDir, 'incremental');
let edited: Property;
let log = '';

beforeAll(async () => {
  // Small pictures (the seed draws them to fit): the builds compared here never look into them.
  server = await startNdako({ port, dataDir, cacheDir, seed: 8, megapixels: 0.04 });
  await build(before);
  const token = await login(server.base);
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.base}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  const { data } = (await (await api('/properties?limit=100')).json()) as { data: Property[] };
  // A listing on the market, which other listings may show as similar.
  edited = data.find((p) => p.status === 'available') ?? data[0]!;
  const {
    id,
    agent: _agent,
    viewCount: _v,
    lastViewedAt: _l,
    createdAt: _c,
    updatedAt: _u,
    ...input
  } = edited as Property & Record<string, unknown>;
  void [id, _agent, _v, _l, _c, _u];
  const res = await api(`/properties/${edited.id}`, {
    method: 'PUT',
    body: JSON.stringify({ ...input, title: `${edited.title} rénovée`, price: edited.price + 1 }),
  });
  expect(res.status, await res.text()).toBe(200);
  log = await build(incremental, before);
  await build(full);
}, 900_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('incremental build after an edit', () => {
  it('renders again only the edited listing and the listings showing it, and reuses the others', async () => {
    expect(log).toMatch(/incremental build: \d+ of 8 listings rendered/);
    const rendered = Number(/incremental build: (\d+) of/.exec(log)![1]);
    expect(rendered).toBeGreaterThanOrEqual(1);
    expect(rendered).toBeLessThan(8);
    // The edited listing's page is new; a reused one is the previous build's file itself (a hard link).
    const [page] = listingPages(edited.id);
    expect((await stat(join(incremental, page!))).ino).not.toBe((await stat(join(before, page!))).ino);
    let linked = 0;
    for (const f of (await files(incremental)).filter((f) => f.startsWith('property/')))
      if ((await stat(join(incremental, f))).ino === (await stat(join(before, f))).ino) linked++;
    expect(linked).toBeGreaterThan(0);
    expect(await readFile(join(incremental, page!), 'utf8')).toContain('rénovée');
    // The content search's index took the reused pages' parts from the first build's record, unread.
    const recorded = Number(/(\d+) listing pages not read again/.exec(log)?.[1]);
    expect(recorded).toBeGreaterThanOrEqual(3 * (8 - rendered) - 3);
    expect(recorded).toBeGreaterThan(0);
  });

  it('writes the same files as a full build, byte for byte', async () => {
    const [a, b] = [await files(incremental), await files(full)];
    expect(a).toEqual(b);
    const differ: string[] = [];
    for (const f of a) {
      if (PER_BUILD.test(f)) continue;
      const [x, y] = await Promise.all([readFile(join(incremental, f)), readFile(join(full, f))]);
      if (DATED.test(f) ? undated(f, x) !== undated(f, y) : !x.equals(y)) differ.push(f);
    }
    expect(differ).toEqual([]);
    // The manifest differs by its date only: the reused pages' inline-script hashes are counted.
    const manifest = async (root: string) => {
      const { builtAt: _at, ...rest } = JSON.parse(await readFile(join(root, 'site-manifest.json'), 'utf8'));
      return rest as unknown;
    };
    expect(await manifest(incremental)).toEqual(await manifest(full));
  });
});
