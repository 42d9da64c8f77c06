import type { Page } from '@playwright/test';
import { expect, onlyOn, ready, test } from './fixtures.ts';
import { createHostileRecords, publishedHostileRecords, publishWith } from './publish.ts';

// Script payloads typed into every staff text field must come out as text, on the public pages and in the
// admin: the page may not run them (the fixture also fails the test on any CSP violation they would cause).

async function expectInert(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
}

test('script payloads in every admin text field stay text on the public site and in the admin', async ({
  page,
  request,
  admin,
}) => {
  onlyOn('desktop', 'one run covers it; the publish is slow');
  test.setTimeout(240_000);
  const auth = admin.headers;
  // The admin's publish test published these records already when it ran before (publish.ts).
  let records = await publishedHostileRecords(request);
  if (!records) {
    records = await createHostileRecords(request, auth);
    await publishWith(request, auth);
  }
  const { id, propertyId } = records;

  for (const path of [`/property/${propertyId}`, `/en/property/${propertyId}`, `/properties?q=${id}`]) {
    await page.goto(path);
    await ready(page);
    await expectInert(page, id);
  }
  await page.addInitScript((value) => localStorage.setItem('adminToken', value), admin.token);
  for (const [path, search] of [
    ['/admin/properties', id],
    ['/admin/messages', id],
    ['/admin/team', id],
    ['/admin/staff', id],
  ] as const) {
    await page.goto(path);
    if (path !== '/admin/staff') await page.getByRole('searchbox').fill(search);
    await expectInert(page, id);
  }
});

test.describe('with the API down', () => {
  // The static files and the forms' error texts are the same at both widths: a visitor's phone runs them.
  onlyOn('phone', 'the static pages and the error texts do not depend on the viewport');

  test('every public page still loads from the static files, the catalogue still filters', async ({
    page,
  }) => {
    await page.route('**/api/**', (route) => route.abort());
    for (const lang of ['', '/en', '/ln']) {
      for (const path of ['/', '/properties', '/favorites', '/about', '/contact', '/privacy', '/terms']) {
        const res = await page.goto(`${lang}${path}`);
        expect(res?.status(), `${lang}${path}`).toBe(200);
        await expect(page.locator('main h1').first()).toBeVisible();
      }
    }
    await page.goto('/properties?type=rent');
    await ready(page);
    await expect(page.locator('.results article, .results .card').first()).toBeVisible();
  });

  test('forms say clearly that sending failed', async ({ page }) => {
    await page.route('**/api/**', (route) => route.abort());
    await page.goto('/contact');
    await page.getByLabel('Nom complet').fill('Jean Mukendi');
    await page.getByLabel('E-mail').fill('jean@example.cd');
    await page.getByLabel('Sujet').fill('Visite');
    await page.getByLabel('Message').fill('Bonjour');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "Erreur lors de l'envoi du message. Veuillez réessayer.",
    );
  });
});
