import { expect, onlyOn, ready, test } from './fixtures.ts';

onlyOn('desktop', 'the favourites’ store and texts do not depend on the viewport');

test.describe('favourites', () => {
  test('empty state with links to the catalogue', async ({ page }) => {
    await page.goto('/favorites');
    await ready(page);
    await expect(page.getByText("Vous n'avez pas encore de favoris")).toBeVisible();
    await page.getByRole('link', { name: 'Voir les biens à louer' }).click();
    await expect(page).toHaveURL(/\/properties\/?\?type=rent$/);
  });

  test('saved from the catalogue, shown across pages and reloads, removed, then cleared with confirmation', async ({
    page,
  }) => {
    await page.goto('/properties');
    await ready(page);
    const cards = page.locator('.catalogue .results article');
    await expect(cards).toHaveCount(9);
    for (const i of [0, 1, 2]) {
      await cards.nth(i).getByRole('button', { name: 'Ajouter aux favoris' }).click();
    }
    // The same three listings, titled in English where staff wrote an English title: as the English
    // catalogue, in the same order, shows them.
    await page.goto('/en/properties');
    await ready(page);
    await expect(cards).toHaveCount(9);
    const titles = await cards
      .locator('h3')
      .evaluateAll((h3s) => h3s.slice(0, 3).map((h) => h.textContent?.trim() ?? ''));
    await page.goto('/en/favorites');
    await ready(page);
    await expect(page.getByText('3 saved properties')).toBeVisible();
    await expect(page.locator('.results article h3')).toHaveText(titles);

    await page.reload();
    await ready(page);
    await page
      .locator('.results article')
      .first()
      .getByRole('button', { name: 'Remove from favourites' })
      .click();
    await expect(page.locator('.results article')).toHaveCount(2);

    await page.getByRole('button', { name: 'Delete all' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.results article')).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete all' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /delete all/i })
      .click();
    await expect(page.getByText('You have no favourites yet')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('favoriteProperties'))).toBe('[]');
  });

  test('a load error offers a retry', async ({ page }) => {
    let fail = true;
    await page.addInitScript(() => localStorage.setItem('favoriteProperties', '[1,2]'));
    await page.route('**/data/catalogue.json', (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/favorites');
    await ready(page);
    await expect(page.getByRole('alert')).toContainText('Erreur lors du chargement des favoris');
    fail = false;
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
