// First text search: what a phone with an empty cache downloads from opening the catalogue until the first
// search result is on screen (the page, its scripts, the listing index, the cards' pictures…).
// Usage: node scripts/bench/search.ts [--quick]
import { launchChromium, pathOf, phonePage, trackTransfers, waitFor, weigh } from './lib/browser.ts';
import { catalogueListings, catalogueReady } from './catalogue.ts';
import type { Context } from './lib/context.ts';
import { kb, met, ms, runAlone, type Measure, type MeasureResult } from './lib/report.ts';

const QUERY = 'villa';
const BUDGET = 100 * 1024;

async function firstSearch(ctx: Context, listings: number): Promise<MeasureResult> {
  const site = await ctx.site(listings);
  const browser = await launchChromium();
  try {
    const { context, page, cdp } = await phonePage(browser);
    const transfers = await trackTransfers(cdp);
    const started = performance.now();
    await page.goto(`${site.base}/properties/`, { waitUntil: 'commit' });
    await catalogueReady(page);
    const before = await page.evaluate<string>(`document.querySelector('.catalogue .count').textContent`);
    await page.fill('#cat-q', QUERY);
    await waitFor(
      page,
      `location.search.includes('q=${QUERY}') && document.querySelector('.catalogue .count').textContent !== ${JSON.stringify(before)} && !document.querySelector('.catalogue .count').textContent.includes('…')`,
    );
    const elapsed = performance.now() - started;
    const list = await weigh(transfers);
    await context.close();
    const total = list.reduce((s, t) => s + t.bytes, 0);
    const gzip = list.reduce((s, t) => s + t.gzipWire, 0);
    const biggest = [...list].sort((a, b) => b.bytes - a.bytes).slice(0, 6);
    const what = `First text search, ${site.listings.toLocaleString('en')} listings`;
    return {
      rows: [
        {
          measure: what,
          figure: `${kb(total)} (${list.length} requests); ${kb(gzip)} if text were gzipped`,
          target: '≤ 100 KB downloaded',
          status: met(total <= BUDGET),
        },
      ],
      notes: [
        `${what}: opened \`/properties/\` at 360 × 640 (2×), empty cache, waited for the catalogue to show its count, typed "${QUERY}" and stopped counting when the results of the search were on screen (${ms(elapsed)} after navigation, unthrottled). Bytes on the wire, headers included, of finished and in-flight requests. Largest: ${biggest.map((t) => `\`${pathOf(t.url)}\` ${kb(t.bytes)}${t.gzipBytes === null ? '' : ` (gzip ${kb(t.gzipBytes)})`}`).join(', ')}.`,
      ],
    };
  } finally {
    await browser.close();
  }
}

export const measure: Measure = {
  name: 'search',
  title: 'First text search, bytes downloaded',
  async run(ctx: Context) {
    const sizes = [...new Set([500, catalogueListings(ctx)])];
    const results: MeasureResult[] = [];
    for (const listings of sizes) results.push(await firstSearch(ctx, listings));
    return { rows: results.flatMap((r) => r.rows), notes: results.flatMap((r) => [...r.notes, '']) };
  },
};

if (import.meta.main) await runAlone(measure);
