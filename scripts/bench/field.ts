// Staff in the field (decision 0047): the bytes an agent's phone sends to add a listing with eight 12 MP photos
// (4–5 MB JPEGs as a phone writes them, scripts/lib/phone-photo.ts), through the admin itself in Chromium at
// 360 × 640: each request's headers and body as they went on the wire. And the admin's first load on a
// phone with an empty cache (the login screen, then the listings page once logged in), every byte received.
// Usage: node scripts/bench/field.ts
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { phonePhotos } from '../lib/phone-photo.ts';
import { phoneVideo } from '../lib/phone-video.ts';
import { CHROMIUM_FLAGS, chromiumPath, PHONE, trackTransfers, type Cdp } from './lib/browser.ts';
import type { Context } from './lib/context.ts';
import { kb, met, runAlone, type Measure } from './lib/report.ts';
import { login } from './lib/server.ts';

/** The goal for the eight photos' listing: 8 MB, a fifth of what the phone sent before (decision 0047). */
export const LISTING_BYTES_GOAL = 8 * 1024 * 1024;
/** Decision 0047: what a phone may receive to open the admin (its login screen), scripts and styles included. */
export const ADMIN_FIRST_LOAD_BUDGET = 170 * 1024;
const PHOTOS = 8;
/** The video of the resumable upload's measure (decision 0047): the 60 MB, cut at half-way. */
const VIDEO_BYTES = 60 * 1_048_576;

// The little of Playwright used here, typed locally as lib/browser.ts does.
interface Locator {
  locator(selector: string): Locator;
  getByRole(role: string, options: { name: string | RegExp }): Locator;
  getByLabel(label: string | RegExp): Locator;
  click(): Promise<void>;
  fill(value: string): Promise<void>;
  selectOption(value: string): Promise<unknown>;
  setInputFiles(files: { name: string; mimeType: string; buffer: Buffer }[] | string): Promise<void>;
  waitFor(options: { state: 'visible' | 'detached'; timeout?: number }): Promise<void>;
  count(): Promise<number>;
}
interface Request {
  url(): string;
  method(): string;
  headerValue(name: string): Promise<string | null>;
  postDataBuffer(): Buffer | null;
  allHeaders(): Promise<Record<string, string>>;
  headersArray(): Promise<{ name: string; value: string }[]>;
}
interface Page {
  goto(url: string): Promise<unknown>;
  addInitScript(script: string): Promise<void>;
  locator(selector: string): Locator;
  getByRole(role: string, options: { name: string | RegExp }): Locator;
  getByLabel(label: string | RegExp): Locator;
  on(event: 'requestfinished', handler: (request: Request) => void): void;
  route(url: string, handler: (route: Route) => Promise<void>): Promise<void>;
  waitForResponse(
    match: (response: { url(): string; status(): number }) => boolean,
    options: { timeout: number },
  ): Promise<{ status(): number }>;
}
interface Route {
  request(): Request;
  continue(): Promise<void>;
  abort(code: string): Promise<void>;
}
interface BrowserContext {
  newPage(): Promise<Page>;
  newCDPSession(page: Page): Promise<Cdp>;
  close(): Promise<void>;
}
interface Browser {
  newContext(options: object): Promise<BrowserContext>;
  close(): Promise<void>;
}
const { chromium } = createRequire(import.meta.url)('playwright-core') as {
  chromium: { launch(o: object): Promise<Browser> };
};

/** A request's bytes as sent: its header lines and its body (its Content-Length). */
async function sentBytes(request: Request): Promise<number> {
  const headers = await request.headersArray();
  const head = headers.reduce((s, h) => s + h.name.length + h.value.length + 4, 0);
  const line = `${request.method()} ${new URL(request.url()).pathname} HTTP/1.1\r\n`.length;
  return line + head + 2 + Number((await request.allHeaders())['content-length'] ?? 0);
}

/** The admin's listings page on a phone, logged in; its new listing's form at the media step (the dialog). */
async function mediaStep(page: Page, base: string, token: string): Promise<Locator> {
  await page.addInitScript(`localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
  await page.goto(`${base}/admin/properties`);
  await page.getByRole('button', { name: '+ Ajouter une propriété' }).click();
  const dialog = page.locator('dialog[open]');
  await dialog.getByLabel(/^Titre(?! en)/).fill(`Banc d’essai terrain ${Date.now()}`);
  await dialog.getByLabel('Prix').fill('120 000');
  await dialog.getByLabel('Surface (m²)').fill('240');
  await dialog.getByLabel('Adresse').fill('Avenue de la Justice 9');
  await dialog.getByLabel('Commune').selectOption('Gombe');
  await dialog.getByLabel(/^Description(?! en)/).fill('Villa photographiée sur place.');
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  return dialog;
}

/** Adds a listing with the photos through the admin's form; every request's bytes sent, by address. */
async function addListing(
  browser: Browser,
  base: string,
  token: string,
  photos: Awaited<ReturnType<typeof phonePhotos>>,
) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const sent: { url: string; bytes: Promise<number> }[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/') && request.method() !== 'GET')
        sent.push({ url: request.url(), bytes: sentBytes(request) });
    });
    const dialog = await mediaStep(page, base, token);
    await dialog.locator('input[type=file][multiple]').setInputFiles(photos);
    // Every photo made light, sent and answered.
    const busy = dialog.locator('.adm-media-list li[aria-busy=true]');
    await dialog.locator(`.adm-media-list li >> nth=${photos.length - 1}`).waitFor({ state: 'visible' });
    const end = performance.now() + 10 * 60_000;
    while ((await busy.count()) > 0 && performance.now() < end) await new Promise((r) => setTimeout(r, 250));
    if ((await dialog.locator('.adm-media-list li[data-failed]').count()) > 0)
      throw new Error('a photo failed to upload');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    return Promise.all(sent.map(async (s) => ({ url: s.url, bytes: await s.bytes })));
  } finally {
    await context.close();
  }
}

/**
 * A 60 MB video through the admin's form, the connection cut once half of it is on the server: the chunk
 * in flight then is lost (counted whole, as if cut at its last byte), and the upload goes on from the
 * offset the server answers. The request bodies the page sent, in all, and beyond the file's size.
 */
async function cutVideo(browser: Browser, base: string, token: string) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const video = phoneVideo(VIDEO_BYTES);
    let bodies = 0;
    let cut = false;
    await page.route('**/api/media/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      bodies += request.postDataBuffer()?.length ?? 0;
      const offset = Number(await request.headerValue('upload-offset'));
      if (!cut && offset >= VIDEO_BYTES / 2) {
        cut = true;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    const dialog = await mediaStep(page, base, token);
    // Playwright hands a page at most 50 MB from memory: the video goes as a file.
    const file = join(await mkdtemp(join(tmpdir(), 'ndako-video-')), video.name);
    await writeFile(file, video.buffer);
    try {
      const finished = page.waitForResponse((r) => r.url().endsWith('/finish'), { timeout: 10 * 60_000 });
      await dialog.locator('input[type=file][multiple]').setInputFiles(file);
      if ((await finished).status() !== 201) throw new Error('the video was not finished');
    } finally {
      await rm(dirname(file), { recursive: true, force: true });
    }
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    return { size: video.buffer.length, bodies };
  } finally {
    await context.close();
  }
}

/** Every byte a phone with an empty cache receives to open `path` of the admin, until 2 s of quiet. */
async function firstLoad(browser: Browser, url: string, token?: string) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    if (token) await page.addInitScript(`localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    const transfers = await trackTransfers(await context.newCDPSession(page));
    await page.goto(url);
    await transfers.idle(2000);
    const list = transfers.list();
    const scripts = list.filter((t) => t.type === 'Script').reduce((s, t) => s + t.bytes, 0);
    return { total: transfers.total(), scripts, requests: list.length };
  } finally {
    await context.close();
  }
}

export const measure: Measure = {
  name: 'field',
  title: 'Staff in the field: a listing added from a phone',
  async run(ctx: Context) {
    const site = await ctx.site(500);
    ctx.log(`field: ${PHOTOS} phone photos (made once, then cached)…`);
    const photos = await phonePhotos(PHOTOS);
    const original = photos.reduce((s, p) => s + p.buffer.length, 0);
    const token = await login(site.base);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
    try {
      ctx.log('field: adding a listing with the photos through the admin…');
      const requests = await addListing(browser, site.base, token, photos);
      const uploads = requests.filter((r) => r.url.endsWith('/api/media/upload'));
      const total = requests.reduce((s, r) => s + r.bytes, 0);
      ctx.log('field: a 60 MB video cut at half-way…');
      const video = await cutVideo(browser, site.base, token);
      const login = await firstLoad(browser, `${site.base}/admin/login`);
      const listings = await firstLoad(browser, `${site.base}/admin/properties`, token);
      const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;
      return {
        rows: [
          {
            measure: `Bytes sent to add a listing with ${PHOTOS} photos of 12 MP`,
            figure: `${mb(total)} (the photos as taken: ${mb(original)})`,
            target: `≤ ${mb(LISTING_BYTES_GOAL)}`,
            status: met(total <= LISTING_BYTES_GOAL),
          },
          {
            measure: 'Bytes sent again after a cut at 50 % of a 60 MB video',
            figure: `${mb(video.bodies - video.size)} (before: ${mb(video.size)}, the whole file)`,
            target: '≤ one chunk (1.00 MB)',
            status: met(video.bodies - video.size <= 1_048_576),
          },
          {
            measure: 'Admin first load on a phone (login screen)',
            figure: `${kb(login.total)} in ${login.requests} requests (scripts ${kb(login.scripts)})`,
            target: `≤ ${kb(ADMIN_FIRST_LOAD_BUDGET)}`,
            status: met(login.total <= ADMIN_FIRST_LOAD_BUDGET),
          },
        ],
        notes: [
          `${PHOTOS} JPEGs of 4,000 × 3,000 (EXIF orientation 6), ${mb(original)} in all, added through the admin's form in Chromium at 360 × 640; every request the form sent to the API (uploads, the listing), headers and bodies as on the wire.`,
          '',
          '| Request | Count | Bytes sent |',
          '| --- | --- | --- |',
          `| POST /api/media/upload | ${uploads.length} | ${mb(uploads.reduce((s, r) => s + r.bytes, 0))} (largest ${kb(Math.max(...uploads.map((r) => r.bytes)))}) |`,
          `| other (the listing) | ${requests.length - uploads.length} | ${kb(total - uploads.reduce((s, r) => s + r.bytes, 0))} |`,
          '',
          `The video: ${mb(video.size)} sent by the admin in 1 MiB chunks (tus); the chunk in flight at half-way cut by the network (Playwright aborting it) and counted as lost whole; in all ${mb(video.bodies)} of request bodies went out. Before, a cut restarted the one POST of the whole file.`,
          '',
          `Admin first load, empty cache, until 2 s of quiet: login screen ${kb(login.total)} (${login.requests} requests, scripts ${kb(login.scripts)}); the listings page once logged in ${kb(listings.total)} (${listings.requests} requests, scripts ${kb(listings.scripts)}, its API answers and thumbnails included). Leaflet and the photo worker come later, when a form shows a map or a photo is added.`,
        ],
      };
    } finally {
      await browser.close();
    }
  },
};

if (import.meta.main) await runAlone(measure);
