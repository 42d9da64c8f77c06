// Pagefind as the catalogue's text search, measured instead of assumed (docs/decisions/0002-catalogue-search.md):
// the same listings indexed by Pagefind the way the catalogue would need them (title, address, commune; the
// card's fields as metadata, so results need no second file), and the bytes a phone downloads for a first
// search of the same word — Pagefind's script, its WebAssembly, its metadata, the index chunks, the first nine
// results' fragments — on the catalogue page once it is ready. Compared with the row of `search`.
// Usage: node scripts/bench/pagefind.ts [--quick]
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as pagefind from 'pagefind';
import { decodeIndex, type ListingIndexFile } from '../../src/shared/listing-index.ts';
import { launchChromium, pathOf, PHONE, trackTransfers, weigh } from './lib/browser.ts';
import { catalogueReady } from './catalogue.ts';
import type { Context, Site } from './lib/context.ts';
import { kb, met, runAlone, type Measure, type MeasureResult } from './lib/report.ts';
import { atBothSizes, QUERY } from './search.ts';

const BUDGET = 100 * 1024;

interface Route {
  request(): { url(): string };
  fulfill(options: { path: string; contentType: string }): Promise<void>;
}
interface PageWithRoute {
  route(url: string, handler: (route: Route) => Promise<void>): Promise<void>;
}

async function writePagefindIndex(site: Site, outputPath: string): Promise<number> {
  const file = (await (await fetch(`${site.base}/data/listings.json`)).json()) as ListingIndexFile;
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'fr' });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const listings = decodeIndex(file);
  for (const l of listings) {
    await index.addCustomRecord({
      url: `/property/${l.id}/`,
      content: `${l.title}. ${l.address}. ${l.state}`,
      language: 'fr',
      meta: {
        title: l.title,
        image: l.media[0]?.thumbnail ?? '',
        price: String(l.price),
        currency: l.currency,
        type: l.type,
        category: l.category,
        commune: l.state,
        area: String(l.area),
        bedrooms: String(l.bedrooms ?? ''),
        bathrooms: String(l.bathrooms ?? ''),
      },
    });
  }
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  return listings.length;
}

async function firstPagefindSearch(ctx: Context, listings: number): Promise<MeasureResult> {
  const site = await ctx.site(listings);
  const out = ctx.tmpDir('pagefind');
  const started = performance.now();
  const indexed = await writePagefindIndex(site, out);
  const indexSeconds = (performance.now() - started) / 1000;
  const browser = await launchChromium();
  try {
    // Pagefind compiles WebAssembly, which the site's CSP refuses ('wasm-unsafe-eval' is not granted). It runs
    // on the main thread (noWorker), which spares its worker's own script: Pagefind's cheapest configuration.
    const context = await browser.newContext({ ...PHONE, bypassCSP: true });
    const page = await context.newPage();
    // Pagefind's files are answered from the scratch folder and weighed as any deployment of Pagefind would
    // send them (pagefind.js gzipped; the rest are gzip streams Pagefind unpacks itself).
    const requested: string[] = [];
    await (page as unknown as PageWithRoute).route('**/pagefind/**', (route) => {
      const file = join(out, new URL(route.request().url()).pathname.slice('/pagefind/'.length));
      requested.push(file);
      return route.fulfill({
        path: file,
        contentType: file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream',
      });
    });
    const transfers = await trackTransfers(await context.newCDPSession(page));
    await page.goto(`${site.base}/properties/`, { waitUntil: 'commit' });
    await catalogueReady(page);
    await transfers.idle(1000);
    const pageIds = new Set(transfers.list().map((t) => t.id));
    const found = await page.evaluate<{ count: number; shown: number }>(`(async () => {
      const pf = await import('/pagefind/pagefind.js');
      await pf.options({ basePath: '/pagefind/', noWorker: true });
      const search = await pf.search(${JSON.stringify(QUERY)});
      const shown = await Promise.all(search.results.slice(0, 9).map((r) => r.data()));
      return { count: search.results.length, shown: shown.length };
    })()`);
    await transfers.idle(1000);
    const others = (await weigh(transfers)).filter(
      (t) => !pageIds.has(t.id) && !t.url.includes('/pagefind/'),
    );
    await context.close();
    const files = requested.map((file) => {
      const body = readFileSync(file);
      return { name: basename(file), bytes: file.endsWith('.js') ? gzipSync(body).length : body.length };
    });
    const total = files.reduce((s, f) => s + f.bytes, 0) + others.reduce((s, t) => s + t.bytes, 0);
    const what = `Pagefind instead, first text search, ${site.listings.toLocaleString('en')} listings`;
    return {
      rows: [
        {
          measure: what,
          figure: `${kb(total)} before any picture (${files.length + others.length} requests; ${found.count} results)`,
          target: '≤ 100 KB downloaded',
          status: met(total <= BUDGET),
        },
      ],
      notes: [
        `${what}: ${indexed.toLocaleString('en')} listings indexed by Pagefind in ${indexSeconds.toFixed(1)} s, then on the ready catalogue page (360 × 640, 2×, empty cache) \`pagefind.search("${QUERY}")\` and the first ${found.shown} results' data. Files: ${files.map((f) => `\`${f.name}\` ${kb(f.bytes)}`).join(', ')}${others.length ? `; other requests: ${others.map((t) => `\`${pathOf(t.url)}\` ${kb(t.bytes)}`).join(', ')}` : ''} (bodies only, without headers). The result cards' pictures would come on top, as in the row above.`,
      ],
    };
  } finally {
    await browser.close();
  }
}

export const measure: Measure = {
  name: 'pagefind',
  title: 'Pagefind as the text search, for comparison',
  run: (ctx: Context) => atBothSizes(ctx, firstPagefindSearch),
};

if (import.meta.main) await runAlone(measure);
