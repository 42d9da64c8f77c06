// The content search (decision 0002): what a phone with an empty cache downloads for its first
// search on the real search page — Pagefind's script, its WebAssembly, the language's metadata, filters and
// index chunks, the first ten results' fragments — before the results' pictures, against the figures decision
// 0002 measured for Pagefind (79 KB at 500 listings, 125 KB at 10,000). Also the index the build wrote (its
// size on disk, and its Brotli copies) and the time its build step takes, run again into a scratch folder.
// Usage: node scripts/bench/pagefind.ts [--quick]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { leanSearchablePage } from '../../src/build/lean-html.ts';
import { SEARCH_INDEX_DIR, writeSearchIndex, type SearchablePage } from '../../src/build/search-index.ts';
import { filesUnder } from '../../src/build/walk.ts';
import {
  launchChromium,
  pathOf,
  phonePage,
  trackTransfers,
  waitFor,
  weigh,
  type Weighed,
} from './lib/browser.ts';
import type { Context } from './lib/context.ts';
import { kb, met, ms, runAlone, type Measure, type MeasureResult } from './lib/report.ts';
import { atBothSizes, QUERY } from './search.ts';

/** Decision 0002's measure of Pagefind's first search, before pictures: not to be exceeded. */
const BUDGETS: Record<number, number> = { 500: 79 * 1024, 10_000: 125 * 1024 };

/** Every file under `dir` with its size, and whether it is a precompressed copy (.br, .gz) of another. */
function filesOf(dir: string): { path: string; bytes: number; copy: boolean }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(path);
    return [{ path, bytes: statSync(path).size, copy: /\.(br|gz)$/.test(entry.name) }];
  });
}

async function firstContentSearch(ctx: Context, listings: number): Promise<MeasureResult> {
  const site = await ctx.site(listings);
  const browser = await launchChromium();
  let firstSearch;
  try {
    const { context, page, cdp } = await phonePage(browser);
    const transfers = await trackTransfers(cdp);
    await page.goto(`${site.base}/search/`, { waitUntil: 'commit' });
    await waitFor(page, `!!document.querySelector('[data-search-state].prompt')`);
    await transfers.idle(1000);
    const pageIds = new Set(transfers.list().map((t) => t.id));
    const typed = performance.now();
    await page.fill('input[name="q"]', QUERY);
    await waitFor(
      page,
      `document.querySelectorAll('.search .result').length > 0 || !!document.querySelector('[data-search-state].empty')`,
    );
    const elapsed = performance.now() - typed;
    await transfers.idle(1000);
    const list = await weigh(transfers);
    const shown = await page.evaluate<{ count: string; results: number }>(
      `({ count: document.querySelector('[data-search-status]').textContent, results: document.querySelectorAll('.search .result').length })`,
    );
    await context.close();
    const search = list.filter((t) => !pageIds.has(t.id));
    firstSearch = { elapsed, shown, search, page: list.filter((t) => pageIds.has(t.id)) };
  } finally {
    await browser.close();
  }

  const all = filesOf(join(site.siteDir, SEARCH_INDEX_DIR));
  const index = all.filter((f) => !f.copy);
  const copies = all.filter((f) => f.copy);
  const indexBytes = index.reduce((s, f) => s + f.bytes, 0);
  const copyBytes = copies.reduce((s, f) => s + f.bytes, 0);
  const fr = index.filter((f) => /[/\\]fr_|\.fr_/.test(f.path)).reduce((s, f) => s + f.bytes, 0);
  // The index step again, into a scratch folder: the searchable pages' lean parts, then Pagefind.
  const pages: SearchablePage[] = [];
  for await (const file of filesUnder(site.siteDir, /\.html$/))
    pages.push({
      file: relative(site.siteDir, file),
      lean: leanSearchablePage(readFileSync(file, 'utf8')) ?? '',
    });
  const timed = performance.now();
  await writeSearchIndex(ctx.tmpDir('pagefind'), pages);
  const again = { pages: pages.filter((p) => p.lean).length, seconds: (performance.now() - timed) / 1000 };

  const { elapsed, shown, search, page } = firstSearch;
  const wire = (items: readonly Weighed[]) => items.reduce((sum, t) => sum + t.bytes, 0);
  const bodies = (items: readonly Weighed[]) => items.reduce((sum, t) => sum + (t.bodyBytes ?? t.bytes), 0);
  // A body as sent: Pagefind's own files are gzip data it unpacks itself (the body is what came); a file the
  // server sent compressed is the build's precompressed copy of it.
  const sent = (t: Weighed) => {
    const copy = { br: '.br', gzip: '.gz' }[t.encoding ?? ''];
    const file = join(site.siteDir, new URL(t.url).pathname);
    // Files too small to have a copy were compressed on the fly: counted at their full size, an upper bound.
    if (copy) return (statSync(file + copy, { throwIfNoEntry: false }) ?? statSync(file)).size;
    return t.bodyBytes ?? t.bytes;
  };
  const pagefindFiles = search.filter((t) => new URL(t.url).pathname.startsWith('/pagefind/'));
  const pictures = search.filter((t) => t.type === 'Image');
  const others = search.filter((t) => !pagefindFiles.includes(t) && !pictures.includes(t));
  const bodyBytes = pagefindFiles.reduce((sum, t) => sum + sent(t), 0);
  // The demo's own count: a reused demo (BENCH_SITE_URL) may not have the size asked for.
  const budget = BUDGETS[site.listings];
  const what = `Content search (Pagefind), ${site.listings.toLocaleString('en')} listings`;
  return {
    rows: [
      {
        measure: `${what}: first search`,
        figure: `${kb(bodyBytes)} before pictures (Pagefind's ${pagefindFiles.length} files, bodies as sent, as decision 0002 counted; ${kb(wire(pagefindFiles))} with headers); ${shown.count}; pictures ${kb(wire(pictures))}`,
        target: budget ? `≤ ${kb(budget)} (decision 0002)` : '—',
        status: budget ? met(bodyBytes <= budget) : 'not measurable',
      },
      {
        measure: `${what}: index`,
        figure: `${kb(indexBytes)} on disk in ${index.length} files (French ${kb(fr)}; Brotli and gzip copies ${kb(copyBytes)} more in ${copies.length} files), ${again.pages.toLocaleString('en')} pages indexed in ${again.seconds.toFixed(1)} s`,
        target: 'reported',
        status: 'met',
      },
    ],
    notes: [
      `${what}: opened \`/search/\` at 360 × 640 (2×), empty cache (the page: ${kb(wire(page))} with ${kb(bodies(page))} of bodies, nothing of Pagefind), typed "${QUERY}", and counted until the first ${shown.results} results were on screen (${ms(elapsed)}, unthrottled) and the network quiet. Pagefind's files (on the wire, headers included): ${pagefindFiles.map((t) => `\`${pathOf(t.url)}\` ${kb(t.bytes)}`).join(', ')}${others.length ? `; other requests meanwhile: ${others.map((t) => `\`${pathOf(t.url)}\` ${kb(t.bytes)}`).join(', ')}` : ''}. The index step of the build (Pagefind's Node API over every searchable page of the three languages, then the Brotli copies of its larger files; \`src/build/search-index.ts\`) was run again into a scratch folder to time it, from the pages' lean parts as the site renderer keeps them.`,
    ],
  };
}

export const measure: Measure = {
  name: 'pagefind',
  title: 'Content search (Pagefind): first search, index size and build time',
  run: (ctx: Context) => atBothSizes(ctx, firstContentSearch),
};

if (import.meta.main) await runAlone(measure);
