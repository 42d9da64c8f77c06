// The full site build (`astro build` against a seeded server) with 500 and 10,000 listings: the first build
// after the seed ("cold"), then a second full build of the same listings ("warm"). Neither draws share
// pictures: the API draws those on request (decision 0040).
// Usage: node scripts/bench/build.ts [--quick]   (--quick: 500 listings only)
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from './lib/context.ts';
import { loadAverage, met, runAlone, type Measure, type Row } from './lib/report.ts';
import { buildSite } from './lib/server.ts';

// A cold first build of 10,000 listings within 3 minutes (the first goal was 5; decision 0033).
const LIMITS: Record<number, number> = { 500: 30, 10_000: 180 };
const limitText = (s: number) => (s >= 60 ? `≤ ${s / 60} min` : `≤ ${s} s`);
const seconds = (s: number) =>
  s >= 120 ? `${(s / 60).toFixed(1)} min (${Math.round(s)} s)` : `${s.toFixed(1)} s`;

/**
 * CPU seconds (user + system) of this process's children that have ended: around a build, what the build
 * cost whatever else the machine was doing (the wall time depends on the load; this does not).
 */
function endedChildrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // cutime and cstime, fields 16 and 17 of proc(5), counted from the state (field 3) here.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

export const measure: Measure = {
  name: 'build',
  title: 'Full site build',
  async run(ctx: Context) {
    const rows: Row[] = [];
    const notes = [
      '`astro build` of the whole public site (every page in fr, en, ln, the listing index, the content search\'s index; no share pictures, which the API draws on request since decision 0040) from a running server seeded with the demo, on PGlite; "cold" is the first build after the seed, "warm" a second full build (no `BUILD_PREVIOUS_DIR`, so nothing of the first is reused) of the same listings right after: what differs is only what the machine and the server keep warm (files in the page cache, the code compiled). CPU is user + system of the build process (`/proc/self/stat` of the bench: its ended children), which the machine\'s load does not change much; the wall time it does.',
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
      const coldLoad = loadAverage();
      let cpu = endedChildrenCpu();
      const site = await ctx.site(listings);
      // The cold build is the only process the site's start-up waits for to end (the server runs on).
      const coldCpu = endedChildrenCpu() - cpu;
      const outDir = join(ctx.tmpDir(`build${listings}`), 'out');
      ctx.log(`build: ${listings} listings, a second full build…`);
      const warmLoad = loadAverage();
      cpu = endedChildrenCpu();
      const warm = await buildSite({
        api: site.base,
        outDir,
        cacheDir: site.cacheDir,
        dataDir: site.dataDir,
      });
      const warmCpu = endedChildrenCpu() - cpu;
      const pages = readdirSync(join(outDir, 'property')).length;
      rmSync(outDir, { recursive: true, force: true });
      const cold = site.coldBuildSeconds;
      for (const [which, s] of [
        ['cold (first)', cold],
        ['warm (second)', warm],
      ] as const)
        rows.push({
          measure: `Full build, ${listings.toLocaleString('en')} listings, ${which}`,
          figure: seconds(s),
          target: limitText(limit),
          status: met(s <= limit),
        });
      notes.push(
        `- ${listings.toLocaleString('en')} listings (${pages.toLocaleString('en')} listing pages a language): cold ${seconds(cold)} (${coldCpu.toFixed(0)} s of CPU, load average ${coldLoad} before), warm ${seconds(warm)} (${warmCpu.toFixed(0)} s of CPU, load average ${warmLoad} before). Seeding the demo took ${seconds(site.seedSeconds)}.`,
      );
    }
    return { rows, notes };
  },
};

if (import.meta.main) await runAlone(measure);
