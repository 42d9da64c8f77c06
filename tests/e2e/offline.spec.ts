import type { APIRequestContext, Page } from '@playwright/test';
import { expect, onlyOn, ready, sitemapXml, test } from './fixtures.ts';
import { editTitle, publishSettled, publishWith } from './publish.ts';
import type { Property } from '../../src/contract/index.ts';

// The service worker (src/service-worker/sw.ts) keeps the pages a visitor opened, the catalogue's
// index and the shell, answers them without signal, and the offline page for the rest; it never touches the
// API or the admin, and a publish replaces its caches. The other specs block service workers
// (playwright.config.ts); these allow it. No fixed waits: each step waits for the worker's own state.

// A context of their own for each test: the worker's caches outlive what a reused context resets.
test.use({ serviceWorkers: 'allow', reuseContext: false });

/** Resolves once a worker is active and controls the page (it claims the page that registered it). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Whether some cache of the page's origin holds this path. */
const cached = (page: Page, path: string) =>
  page.evaluate(async (p) => (await caches.match(p)) !== undefined, path);

/** Every path in every cache of the origin. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Listings whose page the live build has (its sitemap): the API's newest may have been added by another
 *  spec since the last publish, and such a page is not a file the worker can keep. */
async function listingIds(request: APIRequestContext): Promise<number[]> {
  const sitemap = await sitemapXml(request);
  return [...sitemap.matchAll(/<loc>[^<]*?\/property\/(\d+)\/?<\/loc>/g)]
    .filter((m) => !/\/(en|ln)\/property\//.test(m[0]))
    .map((m) => Number(m[1]));
}

test.describe('offline', () => {
  test('visited pages open without signal; a page never opened shows the offline page', async ({
    page,
    context,
    request,
  }) => {
    onlyOn('phone', 'what the worker keeps does not depend on the viewport');
    test.setTimeout(120_000);
    const [visited, never] = await listingIds(request);
    expect(never, 'two listings on the market').toBeDefined();

    await page.goto('/');
    await ready(page);
    await controlled(page);
    // The first page loaded before the worker: it asked the worker to keep it anyway.
    await expect.poll(() => cached(page, '/')).toBe(true);

    const catalogue = await page.goto('/properties');
    expect(catalogue?.fromServiceWorker()).toBe(true);
    await ready(page);
    await expect(page.locator('.catalogue .results article').first()).toBeVisible();
    await page.goto(`/property/${visited}`);
    await ready(page);
    await page.goto('/favorites');
    await ready(page);
    for (const path of [
      '/properties/',
      `/property/${visited}/`,
      '/favorites/',
      '/data/catalogue.json',
      '/offline/',
    ])
      await expect.poll(() => cached(page, path), path).toBe(true);

    await context.setOffline(true);
    try {
      await page.goto('/');
      await expect(page.locator('h1').first()).toBeVisible();
      await page.goto('/properties');
      await ready(page);
      // The cards come from the stored index.
      await expect(page.locator('.catalogue .results article').first()).toBeVisible();
      await page.goto(`/property/${visited}`);
      await expect(page.locator('[data-property]')).toHaveAttribute('data-property', String(visited));
      await page.goto('/favorites');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes favoris');
      await page.goto(`/property/${never}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pas de connexion');
    } finally {
      await context.setOffline(false);
    }
  });

  test('the API and the admin never go through the worker, and never into its caches', async ({ page }) => {
    onlyOn('phone', 'what the worker answers does not depend on the viewport');
    await page.goto('/');
    await ready(page);
    await controlled(page);
    const admin = await page.goto('/admin/');
    expect(admin?.fromServiceWorker()).toBe(false);
    await ready(page);
    await page.goto('/');
    const api = page.waitForResponse((r) => r.url().endsWith('/api/health'));
    await page.evaluate(() => fetch('/api/health').then((r) => r.status));
    expect((await api).fromServiceWorker()).toBe(false);
    // A page the worker did answer, for contrast.
    const home = await page.reload();
    expect(home?.fromServiceWorker()).toBe(true);
    await expect.poll(() => cached(page, '/')).toBe(true);
    const paths = await cachedPaths(page);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => /^\/(admin|api)(\/|$)/.test(p))).toEqual([]);
  });

  test('a publish that changes pages brings a new worker, which replaces the old caches', async ({
    page,
    request,
    admin,
  }) => {
    onlyOn('desktop', 'publishes: desktop only');
    test.setTimeout(300_000);
    await page.goto('/');
    await ready(page);
    await controlled(page);
    await expect.poll(() => cached(page, '/')).toBe(true);
    const before = await cacheNames(page);
    expect(before).toHaveLength(1);

    const auth = admin.headers;
    const publish = () => publishWith(request, auth);
    // A publish that changes no page keeps the worker, and with it what visitors keep offline.
    await publishSettled(request, auth);
    const worker = await (await request.get('/sw.js')).text();
    await publish();
    expect(await (await request.get('/sw.js')).text()).toBe(worker);
    // One that changes a page is a new worker.
    const [listing] = ((await (await request.get('/api/properties?limit=1')).json()) as { data: Property[] })
      .data;
    await editTitle(request, auth, listing!, `${listing!.title} (mise à jour)`);
    await publish();
    expect(await (await request.get('/sw.js')).text()).not.toBe(worker);

    // The browser looks for a new worker on navigations; asking is the same check, without waiting for one.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect.poll(() => cacheNames(page), { timeout: 60_000 }).not.toContain(before[0]);
    await page.goto('/');
    await expect.poll(() => cached(page, '/')).toBe(true);
    const after = await cacheNames(page);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
  });
});
