// A visitor's session on a phone: home → catalogue → 10 listings, each page scrolled to its end,
// with an empty cache and the service worker running, as a first visit is. Every byte received is counted:
// the pages' own requests, the service worker's (it fetches what it keeps) and map tiles from the local
// stand-in tile server (lib/tiles.ts). Then the service worker's cache: entries and bytes.
// Usage: node scripts/bench/session.ts [--quick]
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromiumPath, CHROMIUM_FLAGS, PHONE } from './lib/browser.ts';
import type { Context } from './lib/context.ts';
import { kb, met, runAlone, type Measure } from './lib/report.ts';
import { TILE_BYTES } from './lib/tiles.ts';

export const TARGET_BYTES = 600 * 1024;
const LISTINGS = 10;

// The little of Playwright used here, typed locally as lib/browser.ts does (its typings do not resolve
// under astro check).
interface Sizes {
  responseBodySize: number;
  responseHeadersSize: number;
}
interface Response {
  fromServiceWorker(): boolean;
}
interface Request {
  url(): string;
  serviceWorker(): unknown;
  response(): Promise<Response | null>;
  sizes(): Promise<Sizes>;
}
interface Page {
  goto(url: string, options?: { waitUntil?: 'load' }): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  click(selector: string): Promise<void>;
}
interface BrowserContext {
  newPage(): Promise<Page>;
  on(event: 'request' | 'requestfinished' | 'requestfailed', handler: (r: Request) => void): void;
  close(): Promise<void>;
}
interface Browser {
  newContext(options: object): Promise<BrowserContext>;
  close(): Promise<void>;
}
const { chromium } = createRequire(import.meta.url)('playwright-core') as {
  chromium: { launch(o: object): Promise<Browser> };
};

interface Counted {
  url: string;
  bytes: number;
  /** Fetched by the service worker (a page's request it passed on, or what it keeps), not by a page. */
  worker: boolean;
}

/** Every request of a browser context, the service worker's included (Playwright reports them too). */
function countRequests(context: BrowserContext) {
  const done: Counted[] = [];
  let inFlight = 0;
  let last = performance.now();
  context.on('request', () => {
    inFlight++;
    last = performance.now();
  });
  context.on('requestfailed', () => {
    inFlight--;
    last = performance.now();
  });
  context.on('requestfinished', (request) => {
    void (async () => {
      const response = await request.response();
      const sizes = await request.sizes();
      // A page's request the worker answered cost nothing on the wire by itself: the worker's own fetch
      // (if it went to the network) is counted as the worker's request.
      const viaWorker = response?.fromServiceWorker() ?? false;
      done.push({
        url: request.url(),
        bytes: viaWorker ? 0 : sizes.responseHeadersSize + sizes.responseBodySize,
        worker: Boolean(request.serviceWorker()),
      });
      inFlight--;
      last = performance.now();
    })();
  });
  return {
    done,
    async idle(quietMs = 1000, timeoutMs = 30_000) {
      const end = performance.now() + timeoutMs;
      while (performance.now() < end) {
        if (inFlight <= 0 && performance.now() - last >= quietMs) return;
        await sleep(50);
      }
    },
  };
}

/** Scrolls to the end a screen at a time, letting lazy pictures load at each step. */
async function scrollToEnd(page: Page, traffic: ReturnType<typeof countRequests>) {
  for (let i = 0; i < 60; i++) {
    const atEnd = await page.evaluate<boolean>(
      'window.scrollBy(0, innerHeight * 0.9), innerHeight + scrollY >= document.documentElement.scrollHeight - 2',
    );
    await traffic.idle(300);
    if (atEnd) break;
  }
  await traffic.idle(1000);
}

/** The service worker's caches: entries and the bytes they hold (the size it records of each, decision 0026). */
const WORKER_CACHE = `(async () => {
  let entries = 0, bytes = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      entries++;
      bytes += Number((await cache.match(request))?.headers.get('x-ndako-bytes') ?? 0);
    }
  }
  return { entries, bytes };
})()`;

interface Session {
  total: number;
  worker: number;
  tiles: number;
  requests: number;
  cache: { entries: number; bytes: number };
}

async function session(base: string, ids: number[], openMaps: boolean): Promise<Session> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const traffic = countRequests(context);
    const page = await context.newPage();
    const visit = async (path: string) => {
      await page.goto(base + path, { waitUntil: 'load' });
      await traffic.idle(1000);
      await scrollToEnd(page, traffic);
    };
    await visit('/');
    await visit('/properties/');
    for (const id of ids) {
      await visit(`/property/${id}/`);
      if (openMaps) {
        await page.click('[data-show-map]');
        await traffic.idle(1500);
      }
    }
    await traffic.idle(2000);
    const cache = await page.evaluate<{ entries: number; bytes: number }>(WORKER_CACHE);
    await context.close();
    const list = traffic.done;
    const sum = (filter: (c: Counted) => boolean) => list.filter(filter).reduce((s, c) => s + c.bytes, 0);
    return {
      total: sum(() => true),
      worker: sum((c) => c.worker),
      tiles: sum((c) => !c.url.startsWith(base)),
      requests: list.filter((c) => c.bytes > 0).length,
      cache,
    };
  } finally {
    await browser.close();
  }
}

export const measure: Measure = {
  name: 'session',
  title: 'A session: home, catalogue, 10 listings, every byte',
  async run(ctx: Context) {
    const site = await ctx.site(500);
    const res = await fetch(`${site.base}/api/properties?status=available&limit=${LISTINGS}&sort=views`);
    const ids = ((await res.json()) as { data: { id: number }[] }).data.map((p) => p.id);
    if (ids.length < LISTINGS) throw new Error(`the demo has ${ids.length} listings on the market`);
    const scrolled = await session(site.base, ids, false);
    const mapped = await session(site.base, ids, true);
    return {
      rows: [
        {
          measure: 'Session home → catalogue → 10 listings, scrolled to the end',
          figure: `${kb(scrolled.total)} (${scrolled.requests} requests; through the service worker ${kb(scrolled.worker)}; tiles ${kb(scrolled.tiles)})`,
          target: '≤ 600 KB',
          status: met(scrolled.total <= TARGET_BYTES),
        },
        {
          measure: 'Service worker cache after the session',
          figure: `${scrolled.cache.entries} entries, ${kb(scrolled.cache.bytes)}`,
          target: '≤ 300 entries, ≤ 10 MB',
          status: met(scrolled.cache.entries <= 300 && scrolled.cache.bytes <= 10 * 1024 * 1024),
        },
      ],
      notes: [
        `The ${site.listings}-listing demo in Chromium at 360 × 640 CSS px, 2 device px per CSS px, one fresh browser context (empty cache, the service worker installing on the first page). Home, \`/properties/\`, then the ${LISTINGS} most viewed listings on the market (${ids.join(', ')}), each loaded, then scrolled to its end a screen at a time with the network quiet between steps. Bytes are headers and bodies as received (Playwright's request sizes), for the pages' requests and the service worker's own; a page request the worker answered from its cache costs nothing. Map tiles come from a local stand-in answering every tile with ${kb(TILE_BYTES)} (lib/tiles.ts).`,
        '',
        `Scrolled session: ${kb(scrolled.total)}, of which ${kb(scrolled.worker)} went through the service worker (pages it answered from the network, what it keeps) and map tiles ${kb(scrolled.tiles)} (maps open on tap, decision 0026). With "Voir sur la carte" tapped on each listing: ${kb(mapped.total)}, tiles ${kb(mapped.tiles)}. The worker's cache afterwards: ${scrolled.cache.entries} entries, ${kb(scrolled.cache.bytes)} as stored (bodies decoded); its bound is 300 entries and 10 MB, oldest evicted first.`,
      ],
    };
  },
};

if (import.meta.main) await runAlone(measure);
