import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/lib/browser-path.ts';
import { hasEnded } from '../../scripts/lib/child-process.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, LeadStats, Property, VisitStats } from '../../src/contract/index.ts';
import { propertyInput } from '../helpers/fixtures.ts';
import { portOf, serveSite } from '../helpers/static-site.ts';

// The deployment the design card asks for, end to end: the API on one port (`npm start`, which also builds
// the site, here with PUBLIC_API_BASE pointing at itself), the built site served from another origin as a
// CDN would, and Chromium using both under the pages' Content-Security-Policy and the API's CORS.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { email: 'admin@ndako.test', password: 'split origin admin password' };
const TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png'; // nothing listens there: no tile leaves the machine

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let dataDir: string;
let api: string;
let site: string;
let child: ChildProcess;
let output = '';
let siteServer: Server;
let browser: Browser;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ndako-split-'));
  const apiPort = await freePort();
  api = `http://127.0.0.1:${apiPort}`;
  const config = { MAP_TILE_URL: TILES, PUBLIC_API_BASE: `${api}/api` };
  siteServer = await serveSite({ siteDir: join(dataDir, 'site'), port: 0, apiOrigin: api, config });
  site = `http://127.0.0.1:${portOf(siteServer)}`;
  child = spawn(join(ROOT, 'node_modules/.bin/node'), ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The suites' cheap scrypt cost is refused in production: the server keeps its own.
      SCRYPT_LOG2_N: undefined,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      SITE_DIR: join(dataDir, 'site'),
      DATABASE_URL: '',
      SEED: 'demo',
      SEED_PROPERTIES: '8',
      // Small pictures, drawn quicker: what is checked here is where calls go, not the photos.
      MEDIA_MAX_MEGAPIXELS: '0.04',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: site,
      ...config,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Up once the first build is online (the site answers 503 "en préparation" until then).
  for (let i = 0; ; i++) {
    if (hasEnded(child)) throw new Error(`the server stopped:\n${output}`);
    if (/Public site built/.test(output)) break;
    if (/build failed/.test(output) || i > 1500) throw new Error(`no site:\n${output}`);
    await sleep(200);
  }
  const login = await fetch(`${api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  token = ((await login.json()) as { token: string }).token;
  browser = await chromium.launch({
    executablePath: chromiumPath({ shell: true }),
    args: CHROMIUM_FLAGS,
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  siteServer?.close();
  if (child && !hasEnded(child)) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await rm(dataDir, { recursive: true, force: true });
});

const staff = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${api}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
};

/** Every page runs on the site's origin; anything the CSP or CORS blocks fails the test. */
const contexts: BrowserContext[] = [];
const blocked: string[] = [];
async function open(path: string, init?: () => void): Promise<Page> {
  const context = await browser.newContext({ baseURL: site });
  contexts.push(context);
  await context.addInitScript(() => sessionStorage.setItem('ndako-splash-shown', '1'));
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy|CORS/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(path);
  return page;
}
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(blocked.splice(0), 'blocked by the CSP or CORS').toEqual([]);
});

/** Polls `read` until `check` holds (10 s). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 50 && !check(value); i++) {
    await sleep(200);
    value = await read();
  }
  return value;
}

describe('the site on one origin, the API on another', () => {
  it('serves pages that call the API at PUBLIC_API_BASE, under the pages’ CSP', async () => {
    const res = await fetch(`${site}/contact/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.split('; ')).toContain(`connect-src 'self' ${api}`);
    expect(await res.text()).toContain(`${api}/api`);
  });

  it('sends the contact form', async () => {
    const subject = `Depuis le CDN ${Date.now()}`;
    const page = await open('/contact/');
    await page.locator('#contact-senderName').fill('Jean Mukendi');
    await page.locator('#contact-senderEmail').fill('jean@example.cd');
    await page.locator('#contact-subject').fill(subject);
    await page.locator('#contact-content').fill('Bonjour, je cherche une maison à Limete.');
    const sent = page.waitForResponse((r) => r.url() === `${api}/api/messages`);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    expect((await sent).status()).toBe(201);
    await page.locator('[data-contact-sent]').waitFor();
    const list = await staff<{ data: { subject: string }[] }>(`/messages?q=${encodeURIComponent(subject)}`);
    expect(list.data.map((m) => m.subject)).toEqual([subject]);
  }, 30_000);

  it('sends a visit request, and counts the listing’s view once a day', async () => {
    const [listing] = (await staff<{ data: Property[] }>('/properties?limit=1')).data;
    const views = () => staff<DashboardStats>('/dashboard/stats').then((s) => s.views.total);
    const before = await views();
    const page = await open(`/property/${listing!.id}/`);
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(r.url());
    });
    expect(await until(views, (v) => v === before + 1)).toBe(before + 1);

    await page.getByRole('button', { name: 'Programmer une visite' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom complet').fill('Grâce Tshala');
    await dialog
      .getByLabel('Date de la visite')
      .fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel('Numéro WhatsApp').fill('+243 81 555 0000');
    const sent = page.waitForResponse((r) => r.url() === `${api}/api/mail/send-visit`);
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    expect((await sent).status()).toBe(201);
    await page.locator('.toast-success').waitFor();
    const visits = await staff<{ data: { name: string; propertyId: number | null }[] }>('/visits?limit=100');
    expect(visits.data.find((v) => v.name === 'Grâce Tshala')?.propertyId).toBe(listing!.id);

    // Reloaded the same day: no second increment.
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(patches).toEqual([]);
    expect(await views()).toBe(before + 1);
  }, 40_000);

  it('counts taps on a listing’s WhatsApp and telephone, once a day, and none under Global Privacy Control', async () => {
    const [listing] = (await staff<{ data: Property[] }>('/properties?limit=1')).data;
    const taps = async () => {
      const stats = await staff<LeadStats>('/dashboard/leads?period=7d');
      const mine = stats.listings.find((l) => l.id === listing!.id);
      return { whatsapp: mine?.whatsapp ?? 0, calls: mine?.calls ?? 0, total: stats.total.whatsapp };
    };
    const before = await taps();
    const tapAll = async (page: Page) => {
      await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
      await page
        .locator('a[href^="tel:"]')
        .first()
        .evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
      for (const link of [
        page.locator('.agent a.whatsapp'),
        page.locator('.agent a.whatsapp'),
        page.locator('.agent a[href^="tel:"]'),
      ]) {
        const popup = page
          .context()
          .waitForEvent('page', { timeout: 2000 })
          .catch(() => null);
        await link.click();
        await (await popup)?.close();
      }
    };
    const gpc = await open(`/property/${listing!.id}/`, () =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const sentUnderGpc: string[] = [];
    gpc.on('request', (r) => {
      if (r.url().includes('/analytics/')) sentUnderGpc.push(r.url());
    });
    await tapAll(gpc);
    await gpc.waitForLoadState('networkidle');
    expect(sentUnderGpc).toEqual([]);
    const page = await open(`/property/${listing!.id}/`);
    const sent = page.waitForResponse((r) => r.url() === `${api}/api/analytics/tap`);
    await tapAll(page);
    expect((await sent).status()).toBe(204);
    const after = await until(
      taps,
      (t) => t.whatsapp === before.whatsapp + 1 && t.calls === before.calls + 1,
    );
    // Two taps on WhatsApp from one visitor: one.
    expect(after).toEqual({
      whatsapp: before.whatsapp + 1,
      calls: before.calls + 1,
      total: before.total + 1,
    });
  }, 40_000);

  it('gives listing pages a share picture on the site’s origin, which the CDN gets from the API', async () => {
    const [listing] = (await staff<{ data: Property[] }>('/properties?limit=1')).data;
    const html = await (await fetch(`${site}/property/${listing!.id}/`)).text();
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og).toBe(`${site}/share/${listing!.id}.jpg`);
    const res = await fetch(og!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    // Drawn by the API, not shipped with the build.
    expect(existsSync(join(dataDir, 'site', 'share'))).toBe(false);
  });

  it('shows a listing added after the build from the live API', async () => {
    const title = `Added after the build ${Date.now()}`;
    const added = await staff<Property>('/properties', {
      method: 'POST',
      body: JSON.stringify(propertyInput({ title })),
    });
    const page = await open(`/en/property/${added.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  }, 30_000);

  it('lets the admin log in and list the listings', async () => {
    const page = await open('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Mot de passe/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await page.goto('/admin/properties');
    const [first] = (await staff<{ data: Property[] }>('/properties?limit=1')).data;
    await page.getByText(first!.title).first().waitFor();
  }, 30_000);
});

describe('the page-view beacon', () => {
  const today = () =>
    staff<VisitStats>('/dashboard/visits').then((v) => ({ views: v.dailyVisits.at(-1)!.pageViews }));
  /** Today's page views once they stop moving (earlier pages' beacons all in). */
  async function settled(): Promise<number> {
    let last = -1;
    for (;;) {
      const { views } = await today();
      if (views === last) return views;
      last = views;
      await sleep(500);
    }
  }

  it('counts a page view in the dashboard, and none from a browser that asks not to be tracked', async () => {
    const before = await settled();
    await open('/ln/about/');
    expect((await until(today, (t) => t.views === before + 1)).views).toBe(before + 1);

    // Do Not Track, then Global Privacy Control: nothing sent; a plain page view after them is the fence.
    const dnt = await open('/privacy/', () =>
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
    );
    const gpc = await open('/terms/', () =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    await Promise.all([dnt.waitForLoadState('networkidle'), gpc.waitForLoadState('networkidle')]);
    await open('/en/');
    expect(await settled()).toBe(before + 2);
  }, 60_000);
});
