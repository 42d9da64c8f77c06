import type { Locator, Page } from '@playwright/test';
import { expect, onlyOn, ready, test } from './fixtures.ts';

// What the catalogue finds, counts and puts in its URL is the same at every width: one project runs it (decision
// 0038). Its list and map views and its cards' media controls, laid out otherwise at 360 px, run on both.
const SAME_AT_EVERY_WIDTH = 'the catalogue’s data, filters and URLs are the same at every width';

const cards = (page: Page) => page.locator('.catalogue .results article');
const countText = (page: Page) => page.locator('.catalogue .count');
const total = async (page: Page) =>
  Number((await countText(page).innerText()).match(/\d[\d,]*/)?.[0]?.replace(/,/g, ''));

async function open(page: Page, path = '/properties') {
  await page.goto(path);
  await ready(page);
  await expect(countText(page)).toHaveText(/\d+ propriét/);
  // The cards' pictures and the index's parts arrive after the count: a tap is aimed once the page has
  // settled, so that a picture or a part arriving cannot move a button between aiming and tapping.
  await page.waitForLoadState('networkidle');
}

/**
 * Scrolled to, and aimed at once it no longer moves: the cards above it are laid out only as they come near
 * the screen (content-visibility, at an estimated height until then), so the scroll that brings the pager
 * into view can move it. A tap on "Suivant" once reached nothing (the page stayed on page 1); aiming at a
 * pager that had moved would do that.
 */
async function stillAfterScroll(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  let last: number | undefined;
  await expect
    .poll(async () => {
      const y = (await locator.boundingBox())?.y;
      const same = y !== undefined && y === last;
      last = y;
      return same;
    })
    .toBe(true);
}

test.describe('catalogue', () => {
  test('an address with a filter shows the island’s cards complete: title and picture', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await open(page, '/properties/?type=rent');
    await expect(cards(page)).toHaveCount(9);
    // Cards mounted before their values arrived (decision 0046) show them once they come.
    for (const card of await cards(page).all()) {
      await expect(card).not.toHaveAttribute('aria-busy');
      await expect(card.locator('h3 a')).not.toHaveText('');
    }
    // The first row is mounted at once, before the values: its pictures too (a demo listing may have none).
    const firstRow = page.locator('.catalogue .results article:nth-child(-n+4) .media img');
    await expect.poll(() => firstRow.count()).toBeGreaterThan(0);
  });

  test('lists nine cards a page with numbered pagination and the "showing" line', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await open(page);
    const all = await total(page);
    expect(all).toBeGreaterThan(9);
    await expect(cards(page)).toHaveCount(9);
    await expect(page.locator('.pagination .showing')).toHaveText(`Affichage de 1 à 9 sur ${all} propriétés`);
    await stillAfterScroll(page.locator('.pagination'));
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('.pagination [aria-current=page]')).toHaveText('2');
    await expect(page.locator('.pagination .showing')).toHaveText(
      `Affichage de 10 à 18 sur ${all} propriétés`,
    );
    const last = Math.ceil(all / 9);
    await stillAfterScroll(page.locator('.pagination'));
    await page.locator('.pagination button', { hasText: new RegExp(`^${last}$`) }).click();
    await expect(cards(page)).toHaveCount(all - (last - 1) * 9);
    await expect(page.getByRole('button', { name: 'Suivant', exact: true })).toBeDisabled();
    await page.goBack();
    await expect(page.locator('.pagination [aria-current=page]')).toHaveText('2');
  });

  test('every filter, their combination, page reset and the URL', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await open(page, '/properties?page=2');
    const all = await total(page);
    await page.getByLabel('Type').selectOption('rent');
    await expect(page).toHaveURL(/\?type=rent$/);
    const rent = await total(page);
    expect(rent).toBeLessThan(all);
    // Text contents, not innerText: the cards below a phone's first screen are not rendered until scrolled near
    // (content-visibility), and innerText reads only what is rendered.
    for (const badge of await cards(page).locator('.type-badge').allTextContents())
      expect(badge).toBe('À louer');

    await page.getByLabel('Catégorie').selectOption('apartment');
    await expect(page).toHaveURL(/type=rent&category=apartment/);
    for (const where of await cards(page).locator('.where').allTextContents())
      expect(where).toContain('Appartement');

    await page.getByLabel('Commune').selectOption('Gombe');
    await expect(page).toHaveURL(/state=Gombe/);
    const combined = await total(page);
    for (const where of await cards(page).locator('.where').allTextContents())
      expect(where).toMatch(/^Gombe/);

    await page.getByLabel('Commune').selectOption('');
    await page.getByLabel('Catégorie').selectOption('');
    await page.getByLabel('Type').selectOption('');
    await expect(countText(page)).toHaveText(`${all} propriétés trouvées`);
    expect(combined).toBeLessThanOrEqual(rent);
  });

  test('text search matches title, address or commune, ignoring case and accents', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await open(page);
    await page.getByRole('searchbox').fill('GOMBE');
    await expect(page).toHaveURL(/q=GOMBE/);
    // The first search fetches the listings' words (decision 0032): the count says "loading" until then.
    await expect(countText(page)).toHaveText(/\d+ propriét/);
    const gombe = await total(page);
    expect(gombe).toBeGreaterThan(0);
    await page.getByRole('searchbox').fill('zzzz introuvable');
    await expect(page.getByText('Aucune propriété trouvée')).toBeVisible();
    await expect(page.locator('.pagination')).toHaveCount(0);
  });

  test('price and area panel; a shared URL restores the filters', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await open(page);
    await page.getByText('Prix et surface').click();
    await page.getByLabel('Prix maximum').fill('1000');
    await page.getByLabel('Surface minimum (m²)').fill('50');
    await page.getByLabel('Surface minimum (m²)').press('Enter');
    await expect(page).toHaveURL(/maxPrice=1000&minArea=50/);
    await page.getByLabel('Surface minimum (m²)').fill('60');
    await page.getByRole('button', { name: 'Afficher les résultats' }).click();
    await expect(page).toHaveURL(/maxPrice=1000&minArea=60/);
    for (const card of await cards(page).all()) {
      // The bounds are in USD (the default currency): a CDF price is compared by its USD value, shown under it.
      const price = (await card.locator('.price').textContent()) ?? '';
      const usd = /CDF/.test(price) ? ((await card.locator('.approx').textContent()) ?? '') : price;
      expect(Number(usd.replace(/[^\d]/g, ''))).toBeLessThanOrEqual(1000);
    }
    const url = page.url();
    const filtered = await total(page);
    await open(page, url.replace(/^https?:\/\/[^/]+/, ''));
    expect(await total(page)).toBe(filtered);
    await expect(page.getByLabel('Prix maximum')).toHaveValue('1000');
  });

  test('list and map views; the map needs no tiles and counts its markers', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Liste' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.locator('.results.list article').first()).toBeVisible();
    await page.getByRole('button', { name: 'Carte' }).click();
    await expect(page).toHaveURL(/view=map/);
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expect(page.locator('.map-footer')).toHaveText(/\d+ propriétés sur la carte/);
    await expect(page.locator('.pagination')).toHaveCount(0);
    // Markers outside the view are not drawn (path "M0 0"); some of Kinshasa's must be.
    await expect(
      page.locator('.map-cluster, path.leaflet-interactive:not([d="M0 0"])').first(),
    ).toBeVisible();
  });

  test('works with the API unreachable: everything comes from static files', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await page.route('**/api/**', (route) => route.abort());
    await open(page, '/properties?type=sale');
    expect(await total(page)).toBeGreaterThan(0);
    await page.getByLabel('Catégorie').selectOption('house');
    await expect(page).toHaveURL(/category=house/);
  });

  test('a load error offers a retry that works', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    let fail = true;
    await page.route('**/data/catalogue.json', (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/properties');
    await ready(page);
    await expect(page.getByRole('alert')).toContainText('Erreur lors du chargement des propriétés');
    fail = false;
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(countText(page)).toHaveText(/\d+ propriétés trouvées/);
  });

  test('a card flips through all its media, and its heart is the same store as the home page', async ({
    page,
  }) => {
    await open(page);
    const card = cards(page)
      .filter({ has: page.locator('.dots') })
      .first();
    const dots = card.locator('.dots button');
    const n = await dots.count();
    await card.getByRole('button', { name: 'Média précédent' }).click();
    await expect(dots.nth(n - 1)).toHaveAttribute('aria-current', 'true');
    await card.getByRole('button', { name: 'Ajouter aux favoris' }).click();
    await expect(card.getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('favoriteProperties') ?? '[]') as number[],
    );
    expect(stored).toHaveLength(1);
  });

  test('an island’s card flips through the media its shard brings, and answers its heart once', async ({
    page,
  }) => {
    // The same card as the build's (decision 0052), live: its clicks are its own, not also cards.ts's.
    await open(page, '/properties/?type=rent');
    // Every card's values first (decision 0032): a card gets its dots with them, and the card chosen must not
    // change under the test.
    await expect(page.locator('.catalogue .results article[aria-busy]')).toHaveCount(0);
    const withDots = await cards(page).evaluateAll((all) => all.findIndex((c) => c.querySelector('.dots')));
    const card = cards(page).nth(withDots);
    const dots = card.locator('.dots button');
    const n = await dots.count();
    await card.getByRole('button', { name: 'Média précédent' }).click();
    await expect(dots.nth(n - 1)).toHaveAttribute('aria-current', 'true');
    const slides = card.locator('[data-slide]');
    await expect(slides).toHaveCount(n);
    await expect(slides.nth(n - 1)).toBeVisible();
    await expect(card.locator('[data-slide]:not([hidden])')).toHaveCount(1);
    await card.getByRole('button', { name: 'Média suivant' }).click();
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await expect(slides.first()).toBeVisible();
    await card.getByRole('button', { name: 'Ajouter aux favoris' }).click();
    await expect(card.getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('favoriteProperties') ?? '[]') as number[]),
    ).toHaveLength(1);
  });
});
