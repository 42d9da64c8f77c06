import { expect, onlyOn, test } from './fixtures.ts';

// A tap on a listing's WhatsApp button counts from a page the service worker served without signal.
// A context of its own: the worker's caches outlive what a reused context resets (offline.spec.ts).
test.use({ serviceWorkers: 'allow', reuseContext: false });
// What the worker and the beacon do does not depend on the viewport: the desktop runs it (decision 0038).
onlyOn('desktop', 'the same on every viewport');

test('a tap on a listing opened without signal reaches the server once the signal is back', async ({
  page,
  context,
  request,
}) => {
  // A listing of the built site (the catalogue's index): one added by another spec since has no page to keep.
  const { rows } = (await (await request.get('/data/listings.json')).json()) as { rows: number[][] };
  const p = { id: rows[0]![0]! };
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto(`/property/${p.id}`);
  await context.setOffline(true);
  const offline = await page.goto(`/property/${p.id}`);
  expect(offline?.fromServiceWorker()).toBe(true);
  await context.setOffline(false);
  await context.route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  const tapped = page.waitForResponse((r) => r.url().endsWith('/analytics/tap'));
  const popup = page.waitForEvent('popup');
  await page.locator('.agent a.whatsapp').click();
  expect((await tapped).status()).toBe(204);
  await (await popup).close();
});
