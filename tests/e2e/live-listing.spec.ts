import type { APIRequestContext, Page } from '@playwright/test';
import { expect, onlyOn, seriousViolations, test, type Session } from './fixtures.ts';

// A listing added in the admin after the site was built has no page: /property/{id} answers 404 with the
// not-found page, which fetches the listing from the live API and shows it like a pre-built page.

onlyOn('desktop', 'the live listing’s data, texts and counts do not depend on the viewport');

interface Listing {
  id: number;
  title: string;
  viewCount: number;
  media: unknown[];
}

const created: number[] = [];

/** A listing the built site does not have: photos of a demo listing, the first team member as agent. */
async function addListing(request: APIRequestContext, { headers }: Session): Promise<Listing> {
  const { data } = (await (await request.get('/api/properties?limit=20')).json()) as { data: Listing[] };
  const photos = data.find((p) => p.media.length > 2)!.media;
  const team = (await (await request.get('/api/team?limit=1')).json()) as { data: { id: number }[] };
  const res = await request.post('/api/properties', {
    headers,
    data: {
      title: `Villa neuve à Ngaliema ${Date.now()}`,
      description: 'Grande villa sur une parcelle clôturée.',
      price: 3500,
      currency: 'USD',
      type: 'rent',
      category: 'villa',
      bedrooms: 5,
      bathrooms: 4,
      area: 650,
      address: 'Avenue Pumbu 12',
      state: 'Ngaliema',
      lat: -4.35,
      long: 15.25,
      features: ['Piscine', 'Forage'],
      media: photos,
      managerId: team.data[0]?.id,
    },
  });
  expect(res.status()).toBe(201);
  const listing = (await res.json()) as Listing;
  created.push(listing.id);
  return listing;
}

test.afterEach(async ({ request, admin: { headers } }) => {
  if (!created.length) return;
  for (const id of created.splice(0)) await request.delete(`/api/properties/${id}`, { headers });
});

/** PATCH …/view requests the page sends. */
function viewRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().endsWith('/view')) sent.push(r.url());
  });
  return sent;
}

const viewCount = async (request: APIRequestContext, id: number) =>
  ((await (await request.get(`/api/properties/${id}`)).json()) as Listing).viewCount;
/** A view does not empty the API's read cache: a count read back may be up to its 10 s late. */
const VIEW_COUNT_LAG = { timeout: 15_000 };

test('a listing added since the build is shown from the live API, in the visitor language', async ({
  page,
  request,
  admin,
}) => {
  test.setTimeout(60_000);
  const p = await addListing(request, admin);
  const views = viewRequests(page);

  const response = await page.goto(`/property/${p.id}`);
  expect(response?.status()).toBe(404); // the server has no page for it; the listing is filled in
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
  await expect(page).toHaveTitle(`${p.title} — Ngaliema`);
  await expect(page.locator('.price')).toContainText('3,500 USD/mois');
  await expect(page.locator('.price')).toContainText('À louer');
  await expect(page.locator('.where')).toHaveText('Avenue Pumbu 12, Ngaliema');
  await expect(page.locator('.facts li')).toHaveText(['5 chambres', '4 salles de bain', '650 m²', 'Villa']);
  await expect(page.locator('.features li')).toHaveText(['Piscine', 'Forage']);
  await expect(page.getByText('Propriété non trouvée')).toHaveCount(0);
  await expect(page.locator('p[role="status"]')).toHaveCount(0);

  // The gallery works like the pre-built page's.
  const gallery = page.locator('.gallery');
  await gallery.getByRole('button', { name: 'Média suivant' }).click();
  await expect(gallery).toHaveAttribute('data-index', '1');
  await expect(gallery.locator('[data-slide]').nth(1)).toBeVisible();

  // WhatsApp to the agent with the page link.
  const whatsapp = page.getByRole('link', { name: "Contacter l'agent sur WhatsApp" });
  const text = decodeURIComponent((await whatsapp.getAttribute('href'))?.split('text=')[1] ?? '');
  expect(text).toContain(p.title);
  expect(text).toContain(`/property/${p.id}`);

  // The favourite heart is the one store.
  const heart = page.locator(`[data-fav="${p.id}"]`);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.toast-success')).toHaveText('Ajouté aux favoris');
  expect(await page.evaluate(() => localStorage.getItem('favoriteProperties'))).toContain(String(p.id));

  // The visit dialog names the listing.
  await page.getByRole('button', { name: 'Programmer une visite' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Propriété : ${p.title}`);
  await page.getByRole('button', { name: 'Annuler' }).click();

  // The map loads on tap, not when it scrolls into view.
  // Scrolling to it loads nothing; the tap on "Voir sur la carte" loads Leaflet.
  await page.locator('[data-property-map]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-property-map]')).toContainText('Position approximative');
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  await page.getByRole('button', { name: 'Voir sur la carte' }).click();
  await expect(page.locator('[data-property-map].leaflet-container')).toBeVisible();

  // One view increment for the load, on the server and in this browser.
  await expect.poll(() => viewCount(request, p.id), VIEW_COUNT_LAG).toBe(1);
  expect(views).toHaveLength(1);
  const local = await page.evaluate(() => localStorage.getItem('propertyViews') ?? '{}');
  expect((JSON.parse(local) as Record<string, { count: number }>)[p.id]?.count).toBe(1);

  // In English; the language switcher leads to the same listing.
  await page.goto(`/en/property/${p.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
  await expect(page.locator('.price')).toContainText('3,500 USD/month');
  await expect(page.locator('.price')).toContainText('For rent');
  await expect(page.locator('.where')).toContainText('Ngaliema');
  const en = page.getByRole('link', { name: 'Contact the agent on WhatsApp' });
  const enText = decodeURIComponent((await en.getAttribute('href'))?.split('text=')[1] ?? '');
  expect(enText).toMatch(/^Hello/);
  expect(enText).toContain(`/en/property/${p.id}`);
  await expect(page.locator(`[data-fav="${p.id}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('a[hreflang="ln"]').first()).toHaveAttribute('href', `/ln/property/${p.id}`);
  // The same visitor again the same day: counted in this browser, not a second time on the server.
  await page.waitForLoadState('networkidle');
  expect(views).toHaveLength(1);
  const again = await page.evaluate(() => localStorage.getItem('propertyViews') ?? '{}');
  expect((JSON.parse(again) as Record<string, { count: number }>)[p.id]?.count).toBe(2);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
  await page.waitForLoadState('networkidle');
  expect(views).toHaveLength(1);
  expect(await viewCount(request, p.id)).toBe(1);

  expect(await seriousViolations(page)).toEqual([]);
});

test('while the API answers: a loading state, never the not-found text', async ({ page, request, admin }) => {
  const p = await addListing(request, admin);
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/properties/${p.id}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/ln/property/${p.id}`);
  await expect(page.locator('p[role="status"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  answer();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
  await expect(page.locator('p[role="status"]')).toHaveCount(0);
});

test('an id the API does not know: "Propriété non trouvée", the home button and one view increment', async ({
  page,
}) => {
  const views = viewRequests(page);
  const response = await page.goto('/property/987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Propriété non trouvée');
  await expect(page.locator('p[role="status"]')).toBeHidden();
  await expect.poll(() => views).toHaveLength(1);
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(views).toEqual([expect.stringMatching(/\/api\/properties\/987654\/view$/)]);
});

test('the API unreachable: the not-found text and a way home', async ({ page, request, admin }) => {
  const p = await addListing(request, admin);
  const views = viewRequests(page);
  await page.route('**/api/properties/*', (route) => route.abort());
  await page.goto(`/en/property/${p.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property not found');
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await expect(page.locator('p[role="status"]')).toBeHidden();
  await expect.poll(() => views).toHaveLength(1);
  await expect.poll(() => viewCount(request, p.id), VIEW_COUNT_LAG).toBe(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the not-found text and a way home', async ({ page, request, admin }) => {
    const p = await addListing(request, admin);
    await page.goto(`/property/${p.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Propriété non trouvée');
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
    await expect(page.locator('p[role="status"]')).toBeHidden();
  });
});
