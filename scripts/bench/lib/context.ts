// What every measure receives: the run's options, ports, scratch folders, and the seeded, built sites that
// several measures share (each is seeded and built once per run, on first use).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, startNdako, type Proc } from './server.ts';
import { startTileStub } from './tiles.ts';

/** The bench's ports (the range set aside for it on this machine). */
const PORTS = [4481, 4482, 4483, 4484, 4485, 4486, 4487, 4488, 4489];

/** A demo of `listings` listings on PGlite, its site built and served. */
export interface Site {
  listings: number;
  base: string;
  server: Proc;
  dataDir: string;
  siteDir: string;
  cacheDir: string;
  /** From spawn to healthy: migrations, demo seed, first admin. */
  seedSeconds: number;
  /** The first `astro build` after the seed (the build measure's "cold" build). */
  coldBuildSeconds: number;
  /** A listing on the market with photos: "a listing" of the page measures. */
  listingId: number;
}

export interface Context {
  quick: boolean;
  log(line: string): void;
  port(): number;
  releasePort(port: number): void;
  /** A scratch folder, removed when the run ends. */
  tmpDir(prefix: string): string;
  /** Runs at the end of the run, last registered first. */
  defer(fn: () => Promise<void> | void): void;
  site(listings: number): Promise<Site>;
  close(): Promise<void>;
}

export function createContext(options: { quick: boolean }): Context {
  const free = [...PORTS];
  const cleanups: (() => Promise<void> | void)[] = [];
  const sites = new Map<number, Promise<Site>>();
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

  const ctx: Context = {
    quick: options.quick,
    log,
    port() {
      const port = free.shift();
      if (port === undefined) throw new Error(`all bench ports (${PORTS.join(', ')}) are in use`);
      return port;
    },
    releasePort(port) {
      if (!free.includes(port)) free.push(port);
    },
    tmpDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), `ndako-bench-${prefix}-`));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    defer(fn) {
      cleanups.push(fn);
    },
    site(listings) {
      let site = sites.get(listings);
      if (!site) {
        site = startSite(ctx, listings);
        sites.set(listings, site);
      }
      return site;
    },
    async close() {
      for (const fn of cleanups.reverse()) {
        try {
          await fn();
        } catch (error) {
          console.error('clean-up failed:', error);
        }
      }
      cleanups.length = 0;
    },
  };
  return ctx;
}

async function startSite(ctx: Context, listings: number): Promise<Site> {
  // For working on a measure: BENCH_SITE_URL and BENCH_SITE_DIR (its DATA_DIR) reuse a running demo for
  // every size; BENCH_SITE_URL_10000 (and BENCH_SITE_DIR_10000) one for that size only, so that a measure
  // comparing two sizes (lighthouse: the catalogue at 500 and 10,000) can reuse both.
  const reuse = process.env[`BENCH_SITE_URL_${listings}`] ?? process.env.BENCH_SITE_URL;
  const reuseDir = process.env[`BENCH_SITE_DIR_${listings}`] ?? process.env.BENCH_SITE_DIR;
  if (reuse) return reusedSite(reuse, reuseDir ?? '');
  await tilesOnce(ctx);
  const dataDir = ctx.tmpDir(`site${listings}`);
  const siteDir = join(dataDir, 'site');
  const cacheDir = join(dataDir, 'cache');
  const port = ctx.port();
  ctx.log(`site of ${listings} listings: seeding on port ${port}…`);
  const started = performance.now();
  const server = await startNdako({ port, dataDir, siteDir, cacheDir, seed: listings });
  ctx.defer(async () => {
    await server.stop();
    ctx.releasePort(port);
  });
  const seedSeconds = (performance.now() - started) / 1000;
  ctx.log(`site of ${listings} listings: seeded in ${seedSeconds.toFixed(1)} s; building…`);
  const coldBuildSeconds = await buildSite({ api: server.base, outDir: siteDir, cacheDir, dataDir });
  ctx.log(`site of ${listings} listings: built in ${coldBuildSeconds.toFixed(1)} s`);
  return {
    listings,
    base: server.base,
    server,
    dataDir,
    siteDir,
    cacheDir,
    seedSeconds,
    coldBuildSeconds,
    listingId: await sampleListing(server.base),
  };
}

let tiles: Promise<void> | null = null;
/**
 * The demos' map tiles come from a local stand-in (lib/tiles.ts), set as MAP_TILE_URL for the servers and
 * builds the run starts: a session that opens a map pays for its tiles, counted the same on every run.
 */
function tilesOnce(ctx: Context): Promise<void> {
  tiles ??= (async () => {
    const port = ctx.port();
    const stub = await startTileStub(port);
    process.env.MAP_TILE_URL = stub.url;
    process.env.MAP_TILE_ATTRIBUTION = 'bench tiles';
    ctx.defer(async () => {
      await stub.close();
      ctx.releasePort(port);
    });
  })();
  return tiles;
}

async function sampleListing(base: string): Promise<number> {
  const res = await fetch(`${base}/api/properties?status=available&limit=20`);
  const { data } = (await res.json()) as { data: { id: number; media: { type: string }[] }[] };
  const listing = data.find((p) => p.media.filter((m) => m.type === 'image').length >= 2) ?? data[0];
  if (!listing) throw new Error('the demo has no listing on the market');
  return listing.id;
}

async function reusedSite(base: string, dataDir: string): Promise<Site> {
  const res = await fetch(`${base}/api/properties?limit=1`);
  const { total } = (await res.json()) as { total: number };
  const none = () => Promise.resolve();
  return {
    listings: total,
    base,
    server: { base, output: () => '', kill: none, stop: none } as unknown as Proc,
    dataDir,
    siteDir: join(dataDir, 'site'),
    cacheDir: join(dataDir, 'cache'),
    seedSeconds: NaN,
    coldBuildSeconds: NaN,
    listingId: await sampleListing(base),
  };
}
