// The full site build (`astro build` against a seeded server) with 500 and 10,000 listings, first with an
// empty share-image cache (every 1200 × 630 JPEG drawn), then again with the cache the first build filled.
// Usage: node scripts/bench/build.ts [--quick]   (--quick: 500 listings only)
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from './lib/context.ts';
import { met, runAlone, type Measure, type Row } from './lib/report.ts';
import { buildSite } from './lib/server.ts';

const LIMITS: Record<number, number> = { 500: 30, 10_000: 300 };
const limitText = (s: number) => (s >= 60 ? `≤ ${s / 60} min` : `≤ ${s} s`);
const seconds = (s: number) =>
  s >= 120 ? `${(s / 60).toFixed(1)} min (${Math.round(s)} s)` : `${s.toFixed(1)} s`;

export const measure: Measure = {
  name: 'build',
  title: 'Full site build',
  async run(ctx: Context) {
    const rows: Row[] = [];
    const notes = [
      '`astro build` of the whole public site (every page in fr, en, ln, the listing index, one share image a listing) from a running server seeded with the demo, on PGlite; "cold" is the first build with an empty `BUILD_CACHE_DIR`, "warm" a second build with the share images the first one cached (listings unchanged). Cold minus warm is about what drawing the share images costs.',
      '',
    ];
    for (const listings of [500, 10_000]) {
      const limit = LIMITS[listings]!;
      if (ctx.quick && listings > 500) {
        rows.push({
          measure: `Full build, ${listings.toLocaleString('en')} listings`,
          figure: 'not run (--quick)',
          target: limitText(limit),
          status: 'skipped',
        });
        continue;
      }
      const site = await ctx.site(listings);
      const outDir = join(ctx.tmpDir(`build${listings}`), 'out');
      ctx.log(`build: ${listings} listings, warm cache…`);
      const warm = await buildSite({
        api: site.base,
        outDir,
        cacheDir: site.cacheDir,
        dataDir: site.dataDir,
      });
      const images = readdirSync(join(site.cacheDir, 'share')).length;
      const pages = readdirSync(join(outDir, 'property')).length;
      rmSync(outDir, { recursive: true, force: true });
      const cold = site.coldBuildSeconds;
      for (const [cache, s] of [
        ['cold', cold],
        ['warm', warm],
      ] as const)
        rows.push({
          measure: `Full build, ${listings.toLocaleString('en')} listings, ${cache} share-image cache`,
          figure: seconds(s),
          target: limitText(limit),
          status: met(s <= limit),
        });
      notes.push(
        `- ${listings.toLocaleString('en')} listings (${pages.toLocaleString('en')} listing pages a language, ${images.toLocaleString('en')} share images): cold ${seconds(cold)}, warm ${seconds(warm)}; the share images took about ${seconds(Math.max(0, cold - warm))}, ${(((cold - warm) * 1000) / Math.max(1, images)).toFixed(0)} ms an image. Seeding the demo took ${seconds(site.seedSeconds)}.`,
      );
    }
    return { rows, notes };
  },
};

if (import.meta.main) await runAlone(measure);
