// JavaScript each public page loads on a phone with an empty cache, until load and 2 s of network quiet:
// script files (their bodies gzipped, and as sent) and the scripts written into the page; the catalogue's
// files also at 10,000 listings, against the catalogue's goal (at most 25 KB in at most 10 files).
// Usage: node scripts/bench/javascript.ts [--quick]
import { catalogueListings } from './catalogue.ts';
import {
  inlineScripts,
  isScript,
  launchChromium,
  pathOf,
  phonePage,
  trackTransfers,
  weigh,
} from './lib/browser.ts';
import type { Context } from './lib/context.ts';
import { INLINE_JS_MAX_BYTES } from '../lib/page-budgets.ts';
import { kb, runAlone, type Measure, type Row } from './lib/report.ts';

const BUDGET = 40 * 1024;
/** The catalogue's script files, as a phone receives them (compressed, headers included). */
const CATALOGUE_FILES = { bytes: 25 * 1024, count: 10 };

type Browser = Awaited<ReturnType<typeof launchChromium>>;

/** The scripts of a page: its files and what the page itself holds. */
async function scriptsOf(browser: Browser, url: string) {
  const { context, page, cdp } = await phonePage(browser);
  const transfers = await trackTransfers(cdp);
  await page.goto(url, { waitUntil: 'load' });
  await transfers.idle(2000);
  const scripts = (await weigh(transfers)).filter(isScript);
  const inline = await inlineScripts(page);
  await context.close();
  return { scripts, inline, gzip: scripts.reduce((s, t) => s + (t.gzipBytes ?? t.bytes), 0) };
}

/** The catalogue's files against their goal (the files as the table counts them: inline apart). */
const catalogueGoal = (listings: number, count: number, bytes: number): Row => ({
  measure: `JavaScript files, catalogue, ${listings.toLocaleString('en')} listings`,
  figure: `${kb(bytes)} in ${count} files`,
  target: `≤ ${kb(CATALOGUE_FILES.bytes)} in ≤ ${CATALOGUE_FILES.count} files`,
  status: bytes <= CATALOGUE_FILES.bytes && count <= CATALOGUE_FILES.count ? 'met' : 'missed',
});

/** A page's row: within the budget where the page has content to run, no script at all on the others. */
function pageRow(
  name: string,
  content: boolean,
  {
    scripts,
    gzip,
    sent,
    inline,
    total,
  }: {
    scripts: number;
    gzip: number;
    sent: number;
    inline: { count: number; bytes: number };
    total: number;
  },
): Row {
  return content
    ? {
        measure: `JavaScript, ${name}`,
        figure: `${kb(total)} gzip (${kb(sent + inline.bytes)} as sent)`,
        target: '≤ 40 KB compressed',
        status: total <= BUDGET ? 'met' : 'missed',
      }
    : {
        measure: `JavaScript, ${name}`,
        figure:
          scripts + inline.count === 0
            ? 'none'
            : `${scripts} file(s) ${kb(gzip)} gzip, ${inline.count} inline ${kb(inline.bytes)}`,
        // Every page carries the beacon inline (views, and taps on its footer's WhatsApp link: decision 0048).
        target: `no script file; inline ≤ ${kb(INLINE_JS_MAX_BYTES)}`,
        status: scripts === 0 && inline.bytes <= INLINE_JS_MAX_BYTES ? 'met' : 'missed',
      };
}

export const measure: Measure = {
  name: 'javascript',
  title: 'JavaScript on the public pages',
  async run(ctx: Context) {
    const site = await ctx.site(500);
    const large = catalogueListings(ctx) === 500 ? null : await ctx.site(catalogueListings(ctx));
    const pages: [string, string, boolean][] = [
      ['home', '/', true],
      ['catalogue', '/properties/', true],
      ['a listing', `/property/${site.listingId}/`, true],
      ['favourites', '/favorites/', true],
      ['contact', '/contact/', true],
      ['about', '/about/', false],
      ['privacy', '/privacy/', false],
      ['terms', '/terms/', false],
    ];
    const rows: Row[] = [];
    const notes = [
      `Pages of the ${site.listings}-listing demo in Chromium at 360 × 640 (2×), empty cache, until load and 2 s without network activity; "gzip" is each script body gzipped at zlib's default level (the server sent them uncompressed where the "as sent" column equals the body). Scripts loaded later (on scroll or interaction, e.g. Leaflet) are not counted.`,
      '',
      '| Page | Script files | Files gzip | Files as sent | Inline scripts | Inline gzip | Total gzip |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    ];
    const files: string[] = [];
    const goal: Row[] = [];
    const browser = await launchChromium();
    try {
      for (const [name, path, content] of pages) {
        const { scripts, inline, gzip } = await scriptsOf(browser, site.base + path);
        if (path === '/properties/') goal.push(catalogueGoal(site.listings, scripts.length, gzip));
        const sent = scripts.reduce((s, t) => s + t.bytes, 0);
        const total = gzip + inline.gzip;
        notes.push(
          `| ${name} \`${path}\` | ${scripts.length} | ${kb(gzip)} | ${kb(sent)} | ${inline.count} (${kb(inline.bytes)}) | ${kb(inline.gzip)} | ${kb(total)} |`,
        );
        files.push(
          `- ${name}: ${scripts.map((t) => `\`${pathOf(t.url)}\` ${kb(t.gzipBytes ?? t.bytes)}`).join(', ') || 'none'}`,
        );
        rows.push(pageRow(name, content, { scripts: scripts.length, gzip, sent, inline, total }));
      }
      if (large) {
        const { scripts, gzip } = await scriptsOf(browser, `${large.base}/properties/`);
        goal.push(catalogueGoal(large.listings, scripts.length, gzip));
      }
    } finally {
      await browser.close();
    }
    return {
      rows: [...goal, ...rows],
      notes: [...notes, '', 'Script files by page (gzip):', '', ...files],
    };
  },
};

if (import.meta.main) await runAlone(measure);
