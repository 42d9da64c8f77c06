// Chromium (scripts/lib/browser-path.ts finds it) through playwright-core (its typings do not resolve under astro check: the little used
// here is declared locally), a phone's viewport, and every request's bytes as the DevTools protocol counts them.
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { chromiumPath, CHROMIUM_FLAGS } from '../../lib/browser-path.ts';

export interface Cdp {
  send<T = unknown>(method: string, params?: object): Promise<T>;
  on(event: string, handler: (params: never) => void): void;
}
export interface Page {
  goto(url: string, options?: { waitUntil?: 'load' | 'domcontentloaded' | 'commit' }): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  fill(selector: string, value: string): Promise<void>;
}
export interface BrowserContext {
  newPage(): Promise<Page>;
  newCDPSession(page: Page): Promise<Cdp>;
  close(): Promise<void>;
}
export interface Browser {
  newContext(options: object): Promise<BrowserContext>;
  version(): string;
  close(): Promise<void>;
}

const { chromium } = createRequire(import.meta.url)('playwright-core') as {
  chromium: { launch(o: object): Promise<Browser> };
};

export { chromiumPath, CHROMIUM_FLAGS } from '../../lib/browser-path.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/**
 * Polls `expression` in the page until it is truthy (page.waitForFunction compiles its string with eval,
 * which the site's Content-Security-Policy refuses; evaluate goes through the DevTools protocol).
 */
export async function waitFor(page: Page, expression: string, timeoutMs = 60_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    if (await page.evaluate<boolean>(`!!(${expression})`).catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${expression}`);
}

/** A low-end Android phone: 360 × 640 CSS pixels at 2 device pixels each, touch. */
export const PHONE = {
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/**
 * A fresh browser context (empty cache) with one page, for the phone. The site's service worker is blocked:
 * once it controls the page, the requests it answers (/_astro, /data, /media) show in the page's trace as
 * 0 bytes, even when it fetched them from the network, so a byte measure would undercount. The session
 * measure, which weighs the worker's cache, opens its own context with the worker allowed.
 */
export async function phonePage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; cdp: Cdp }> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

export interface Transfer {
  id: string;
  url: string;
  /** Document, Script, Stylesheet, Image, Fetch, Font, … as DevTools names it. */
  type: string;
  mime: string;
  status: number;
  /** Bytes on the wire: headers and body as received (compressed if the server compressed). */
  bytes: number;
  /** The response's Content-Encoding, or null when sent as is. */
  encoding: string | null;
  finished: boolean;
  failed: string | null;
}

export interface Transfers {
  list(): Transfer[];
  total(): number;
  /** Resolves when no request is in flight and none started for `quietMs`. */
  idle(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** The response body of a finished request (as decoded by the browser). */
  body(id: string): Promise<Buffer | null>;
}

/** Counts every request of a page from now on, through the DevTools protocol. */
export async function trackTransfers(cdp: Cdp): Promise<Transfers> {
  const all = new Map<string, Transfer>();
  let lastActivity = performance.now();
  const touch = () => (lastActivity = performance.now());
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; type?: string; request: { url: string } }) => {
    touch();
    if (!/^https?:/.test(e.request.url)) return;
    all.set(e.requestId, {
      id: e.requestId,
      url: e.request.url,
      type: e.type ?? 'Other',
      mime: '',
      status: 0,
      bytes: 0,
      encoding: null,
      finished: false,
      failed: null,
    });
  });
  cdp.on(
    'Network.responseReceived',
    (e: {
      requestId: string;
      type: string;
      response: { status: number; mimeType: string; headers: Record<string, string> };
    }) => {
      touch();
      const t = all.get(e.requestId);
      if (!t) return;
      t.status = e.response.status;
      t.mime = e.response.mimeType;
      t.type = e.type;
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      t.encoding = headers['content-encoding'] ?? null;
    },
  );
  cdp.on('Network.dataReceived', (e: { requestId: string; encodedDataLength: number }) => {
    touch();
    const t = all.get(e.requestId);
    if (t && !t.finished) t.bytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    touch();
    const t = all.get(e.requestId);
    if (!t) return;
    t.finished = true;
    t.bytes = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e: { requestId: string; errorText: string }) => {
    touch();
    const t = all.get(e.requestId);
    if (t) t.failed = e.errorText;
  });
  await cdp.send('Network.enable', { maxTotalBufferSize: 100_000_000, maxResourceBufferSize: 50_000_000 });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });

  return {
    list: () => [...all.values()],
    total: () => [...all.values()].reduce((sum, t) => sum + t.bytes, 0),
    async idle(quietMs = 2000, timeoutMs = 60_000) {
      const end = performance.now() + timeoutMs;
      while (performance.now() < end) {
        const inFlight = [...all.values()].some((t) => !t.finished && !t.failed);
        if (!inFlight && performance.now() - lastActivity >= quietMs) return;
        await sleep(100);
      }
    },
    async body(id) {
      try {
        const r = await cdp.send<{ body: string; base64Encoded: boolean }>('Network.getResponseBody', {
          requestId: id,
        });
        return Buffer.from(r.body, r.base64Encoded ? 'base64' : 'utf8');
      } catch {
        return null;
      }
    },
  };
}

const TEXT = /javascript|json|css|html|xml|svg|text/;

export const isScript = (t: Transfer) => t.type === 'Script' || /javascript/.test(t.mime);

/** The address without origin, for tables. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

export interface Weighed extends Transfer {
  /** The body as the browser decoded it. */
  bodyBytes: number | null;
  /** The body gzipped (text only; null for binaries). */
  gzipBytes: number | null;
  /** What this request would weigh on the wire with the text gzipped (headers and binaries as sent). */
  gzipWire: number;
}

/** Every request seen so far with its body and gzip size; only finished requests have bodies. */
export async function weigh(transfers: Transfers): Promise<Weighed[]> {
  const out: Weighed[] = [];
  for (const t of transfers.list()) {
    const body = t.finished ? await transfers.body(t.id) : null;
    const text = TEXT.test(t.mime) && body !== null && !t.encoding;
    const gzipBytes = text ? gzipSync(body).length : null;
    out.push({
      ...t,
      bodyBytes: body?.length ?? null,
      gzipBytes,
      gzipWire:
        gzipBytes !== null && body ? t.bytes - body.length + Math.min(gzipBytes, body.length) : t.bytes,
    });
  }
  return out;
}

/** The scripts written into the page itself (not JSON data): how many, their bytes and gzip size. */
export async function inlineScripts(page: Page) {
  const texts = await page.evaluate<string[]>(`[...document.querySelectorAll('script:not([src])')]
    .filter((s) => !s.type || s.type === 'module' || /javascript/.test(s.type))
    .map((s) => s.textContent)`);
  const joined = Buffer.from(texts.join('\n'));
  return { count: texts.length, bytes: joined.length, gzip: texts.length ? gzipSync(joined).length : 0 };
}
