// First view of a listing page on a phone with an empty cache: every byte received (headers and bodies of
// every request) from navigation until the page is loaded and the network has been quiet for 3 s.
// Usage: node scripts/bench/listing-bytes.ts [--quick]
import { launchChromium, pathOf, phonePage, trackTransfers, weigh, type Weighed } from './lib/browser.ts';
import type { Context } from './lib/context.ts';
import { kb, met, runAlone, type Measure } from './lib/report.ts';

export const TARGET_BYTES = 150 * 1024;

/** Bytes by kind of request, as sent and as they would be with text gzipped. */
export function byType(list: readonly Weighed[]): string[] {
  const groups = new Map<string, { n: number; bytes: number; gzip: number }>();
  for (const t of list) {
    const g = groups.get(t.type) ?? { n: 0, bytes: 0, gzip: 0 };
    g.n++;
    g.bytes += t.bytes;
    g.gzip += t.gzipWire;
    groups.set(t.type, g);
  }
  return [
    '| Kind | Requests | As sent | With text gzipped |',
    '| --- | --- | --- | --- |',
    ...[...groups].map(([type, g]) => `| ${type} | ${g.n} | ${kb(g.bytes)} | ${kb(g.gzip)} |`),
  ];
}

/** One row a request: what, how big as sent, encoding, and gzipped. */
export function requestTable(list: readonly Weighed[]): string[] {
  return [
    '| Request | Kind | Status | As sent | Encoding | Text gzipped |',
    '| --- | --- | --- | --- | --- | --- |',
    ...list.map(
      (t) =>
        `| \`${pathOf(t.url).slice(0, 70)}\` | ${t.type} | ${t.failed ?? t.status} | ${kb(t.bytes)} | ${t.encoding ?? 'none'} | ${t.gzipBytes === null ? '—' : kb(t.gzipBytes)} |`,
    ),
  ];
}

export const measure: Measure = {
  name: 'listing-bytes',
  title: 'First view of a listing page, every byte',
  async run(ctx: Context) {
    const site = await ctx.site(500);
    const url = `${site.base}/property/${site.listingId}/`;
    const browser = await launchChromium();
    try {
      const { context, page, cdp } = await phonePage(browser);
      const transfers = await trackTransfers(cdp);
      await page.goto(url, { waitUntil: 'load' });
      await transfers.idle(3000);
      const list = await weigh(transfers);
      await context.close();
      const total = list.reduce((s, t) => s + t.bytes, 0);
      const gzipped = list.reduce((s, t) => s + t.gzipWire, 0);
      const tiles = list.filter((t) => !t.url.startsWith(site.base)).length;
      const compressed = list.filter((t) => t.encoding).length;
      return {
        rows: [
          {
            measure: 'First view of a listing page, every byte',
            figure: `${kb(total)} (${list.length} requests); ${kb(gzipped)} if text were gzipped`,
            target: '≤ 150 KB',
            status: met(total <= TARGET_BYTES),
          },
        ],
        notes: [
          `Listing \`/property/${site.listingId}/\` of the ${site.listings}-listing demo, in Chromium at 360 × 640 CSS px, 2 device px per CSS px (a low-end Android phone), empty cache; bytes on the wire (headers included) of every request from navigation until load and 3 s without network activity. ${compressed} of ${list.length} responses were compressed by the server; "text gzipped" is what zlib's default level makes of each text body. Requests to other hosts (map tiles, unreachable here): ${tiles}.`,
          '',
          ...byType(list),
          '',
          ...requestTable(list),
        ],
      };
    } finally {
      await browser.close();
    }
  },
};

if (import.meta.main) await runAlone(measure);
