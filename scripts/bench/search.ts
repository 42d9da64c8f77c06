// First text search: what a phone with an empty cache downloads for its first search in the catalogue. Two
// figures: everything from opening the catalogue until the results are on screen, and — the budget's
// measure — what the search itself fetched once the page was ready (index, then the result cards' pictures).
// Usage: node scripts/bench/search.ts [--quick]
import { launchChromium, pathOf, phonePage, trackTransfers, waitFor, weigh } from './lib/browser.ts';
import { catalogueListings, catalogueReady } from './catalogue.ts';
import type { Context } from './lib/context.ts';
import { kb, met, ms, runAlone, type Measure, type MeasureResult } from './lib/report.ts';

export const QUERY = 'villa';
const BUDGET = 100 * 1024;

async function firstSearch(ctx: Context, listings: number): Promise<MeasureResult> {
  const site = await ctx.site(listings);
  const browser = await launchChromium();
  try {
    const { context, page, cdp } = await phonePage(browser);
    const transfers = await trackTransfers(cdp);
    await page.goto(`${site.base}/properties/`, { waitUntil: 'commit' });
    await catalogueReady(page);
    await transfers.idle(1000);
    const pageIds = new Set(transfers.list().map((t) => t.id));
    const before = await page.evaluate<string>(`document.querySelector('.catalogue .count').textContent`);
    const typed = performance.now();
    await page.fill('#cat-q', QUERY);
    await waitFor(
      page,
      `location.search.includes('q=${QUERY}') && document.querySelector('.catalogue .count').textContent !== ${JSON.stringify(before)} && !document.querySelector('.catalogue .count').textContent.includes('…')`,
    );
    const elapsed = performance.now() - typed;
    await transfers.idle(1000);
    const list = await weigh(transfers);
    await context.close();
    const sum = (items: typeof list) => items.reduce((s, t) => s + t.bytes, 0);
    const search = list.filter((t) => !pageIds.has(t.id));
    const images = search.filter((t) => t.type === 'Image');
    const what = `First text search, ${site.listings.toLocaleString('en')} listings`;
    return {
      rows: [
        {
          measure: what,
          figure: `${kb(sum(search))} for the search (${search.length} requests: index ${kb(sum(search) - sum(images))}, result pictures ${kb(sum(images))}); ${kb(sum(list))} with the page itself`,
          target: '≤ 100 KB downloaded',
          status: met(sum(search) <= BUDGET),
        },
      ],
      notes: [
        `${what}: opened \`/properties/\` at 360 × 640 (2×), empty cache, waited for the catalogue to show its count and for the network to be quiet (the page: ${kb(sum(list) - sum(search))} in ${list.length - search.length} requests), typed "${QUERY}" and counted until the results were on screen (${ms(elapsed)}, unthrottled) and the network quiet again — the cards' lazy pictures included. Bytes on the wire, headers included. The search's requests: ${search.map((t) => `\`${pathOf(t.url)}\` ${kb(t.bytes)}`).join(', ')}.`,
      ],
    };
  } finally {
    await browser.close();
  }
}

/** Runs a search measure on the 500-listing demo and on the catalogue's large one, one after the other. */
export async function atBothSizes(
  ctx: Context,
  one: (ctx: Context, listings: number) => Promise<MeasureResult>,
): Promise<MeasureResult> {
  const results: MeasureResult[] = [];
  for (const listings of new Set([500, catalogueListings(ctx)])) results.push(await one(ctx, listings));
  return { rows: results.flatMap((r) => r.rows), notes: results.flatMap((r) => [...r.notes, '']) };
}

export const measure: Measure = {
  name: 'search',
  title: 'First text search, bytes downloaded',
  run: (ctx: Context) => atBothSizes(ctx, firstSearch),
};

if (import.meta.main) await runAlone(measure);
