// JavaScript each public page loads on a phone with an empty cache, until load and 2 s of network quiet:
// script files (their bodies gzipped, and as sent) and the scripts written into the page.
// Usage: node scripts/bench/javascript.ts [--quick]
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
import { kb, runAlone, type Measure, type Row } from './lib/report.ts';

const BUDGET = 40 * 1024;

export const measure: Measure = {
  name: 'javascript',
  title: 'JavaScript on the public pages',
  async run(ctx: Context) {
    const site = await ctx.site(500);
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
    const browser = await launchChromium();
    try {
      for (const [name, path, content] of pages) {
        const { context, page, cdp } = await phonePage(browser);
        const transfers = await trackTransfers(cdp);
        await page.goto(site.base + path, { waitUntil: 'load' });
        await transfers.idle(2000);
        const scripts = (await weigh(transfers)).filter(isScript);
        const inline = await inlineScripts(page);
        await context.close();
        const gzip = scripts.reduce((s, t) => s + (t.gzipBytes ?? t.bytes), 0);
        const sent = scripts.reduce((s, t) => s + t.bytes, 0);
        const total = gzip + inline.gzip;
        notes.push(
          `| ${name} \`${path}\` | ${scripts.length} | ${kb(gzip)} | ${kb(sent)} | ${inline.count} (${kb(inline.bytes)}) | ${kb(inline.gzip)} | ${kb(total)} |`,
        );
        files.push(
          `- ${name}: ${scripts.map((t) => `\`${pathOf(t.url)}\` ${kb(t.gzipBytes ?? t.bytes)}`).join(', ') || 'none'}`,
        );
        rows.push(
          content
            ? {
                measure: `JavaScript, ${name}`,
                figure: `${kb(total)} gzip (${kb(sent + inline.bytes)} as sent)`,
                target: '≤ 40 KB compressed',
                status: total <= BUDGET ? 'met' : 'missed',
              }
            : {
                measure: `JavaScript, ${name}`,
                figure:
                  scripts.length + inline.count === 0
                    ? 'none'
                    : `${scripts.length} file(s) ${kb(gzip)} gzip, ${inline.count} inline ${kb(inline.bytes)}`,
                target: 'none',
                status: scripts.length + inline.count === 0 ? 'met' : 'missed',
              },
        );
      }
    } finally {
      await browser.close();
    }
    return { rows, notes: [...notes, '', 'Script files by page (gzip):', '', ...files] };
  },
};

if (import.meta.main) await runAlone(measure);
