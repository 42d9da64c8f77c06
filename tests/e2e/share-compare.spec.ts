import type { Browser, Page } from '@playwright/test';
import { expect, onlyOn, ready, test } from './fixtures.ts';

// Decision 0027: favourites shared by a link, and up to four listings compared.

// Shared links, stores and the table's contents are the same at every width: one project runs them (decision
// 0038). Picking from the cards under the tray, the table that scrolls at 360 px and the tray's place above the
// footer run on both.
const SAME_AT_EVERY_WIDTH = 'links, stores and the table’s contents do not depend on the viewport';

interface IndexFile {
  rows: (number | string | null)[][];
}
/** Ids of the catalogue index: rentals whose move-in total is known (column 18), and the others. */
async function indexIds(page: Page) {
  const { rows } = (await (await page.request.get('/data/listings.json')).json()) as IndexFile;
  const rentWithMoveIn = rows.filter((r) => r[1] === 1 && typeof r[18] === 'number' && r[18] >= 0);
  return { all: rows.map((r) => r[0] as number), rentWithMoveIn: rentWithMoveIn.map((r) => r[0] as number) };
}

/** A browser context of its own (another person's phone): nothing of the first one's storage. */
async function freshPage(browser: Browser) {
  const info = test.info().project.use;
  const context = await browser.newContext({ baseURL: info.baseURL, viewport: info.viewport ?? null });
  await context.addInitScript(() => sessionStorage.setItem('ndako-splash-shown', '1'));
  return context.newPage();
}

// Text contents, not innerText: cards below a phone's first screen are not rendered until scrolled near
// (content-visibility), and innerText reads only what is rendered.
const titles = (page: Page) => page.locator('.results article h3').allTextContents();
const columns = (page: Page) => page.locator('.compare-table thead th a');

test.describe('shared favourites', () => {
  test('the shared link opens the same cards elsewhere, and adding merges without replacing', async ({
    page,
    context,
    browser,
  }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/properties');
    await ready(page);
    const cards = page.locator('.catalogue .results article');
    for (const i of [0, 1, 2])
      await cards.nth(i).getByRole('button', { name: 'Ajouter aux favoris' }).click();

    await page.goto('/favorites');
    await ready(page);
    await expect(page.locator('.results article')).toHaveCount(3);
    await expect(page.locator('.results article h3')).toHaveText([/\S/, /\S/, /\S/]);
    const mine = await titles(page);
    await page.getByText('Partager mes favoris', { exact: true }).click();
    const whatsapp = await page.getByRole('link', { name: 'Partager sur WhatsApp' }).getAttribute('href');
    await page.getByRole('button', { name: 'Copier le lien' }).click();
    await expect(page.locator('.toast-success')).toHaveText(
      'Lien copié ! Envoyez-le pour partager vos favoris.',
    );
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/favorites\/?\?ids=\d+,\d+,\d+$/);
    expect(decodeURIComponent(whatsapp ?? '')).toContain(link);

    // Someone else, with a favourite of their own, opens the link (a chat app added junk to it).
    const other = await freshPage(browser);
    const ids = new URL(link).searchParams.get('ids')!.split(',').map(Number);
    const { all } = await indexIds(other);
    const theirs = all.find((id) => !ids.includes(id))!;
    await other.addInitScript((id) => {
      if (!localStorage.getItem('favoriteProperties')) localStorage.setItem('favoriteProperties', `[${id}]`);
    }, theirs);
    await other.goto(`${link},abc,${ids[0]},99999999`);
    await ready(other);
    await expect(other.getByRole('heading', { name: 'Propriétés partagées avec vous' })).toBeVisible();
    await expect(other.locator('.results article h3')).toHaveText(mine);
    await expect(other.getByText('Une partie du lien a été ignorée')).toBeVisible();
    expect(await other.evaluate(() => localStorage.getItem('favoriteProperties'))).toBe(`[${theirs}]`);

    await other.getByRole('button', { name: 'Ajouter ces propriétés à mes favoris' }).click();
    await expect(other.locator('.toast-success')).toHaveText('3 propriétés ajoutées à vos favoris');
    await expect(other).toHaveURL(/\/favorites\/?$/);
    await expect(other.locator('.results article')).toHaveCount(4);
    expect(JSON.parse((await other.evaluate(() => localStorage.getItem('favoriteProperties')))!)).toEqual([
      theirs,
      ...ids,
    ]);
    await other.context().close();
  });

  test('a link with nothing usable says so instead of a blank page, in every language', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await page.goto('/favorites/?ids=abc,-3,,0');
    await ready(page);
    await expect(page.getByText('Ce lien ne contient aucune propriété encore en ligne.')).toBeVisible();
    await expect(page.getByText('Une partie du lien a été ignorée')).toBeVisible();
    await page.getByRole('button', { name: 'Voir mes favoris' }).click();
    await expect(page.getByText("Vous n'avez pas encore de favoris")).toBeVisible();

    const { all } = await indexIds(page);
    await page.goto(`/en/favorites/?ids=${all[0]},${all[1]}`);
    await ready(page);
    await expect(page.getByRole('button', { name: 'Add these properties to my favourites' })).toBeVisible();
    await page.goto(`/ln/favorites/?ids=${all[0]},${all[1]}`);
    await ready(page);
    await expect(
      page.getByRole('button', { name: 'Bakisa ba propriété oyo na «\u00a0Oyo nalingi\u00a0»' }),
    ).toBeVisible();
  });
});

test.describe('compare', () => {
  test('picked from the catalogue’s cards: four at most, then the page in both currencies with the move-in cost', async ({
    page,
    context,
    browser,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/properties?type=rent');
    await ready(page);
    const cards = page.locator('.catalogue .results article');
    const picked: string[] = [];
    for (const i of [0, 1, 2, 3]) {
      await cards.nth(i).getByRole('button', { name: 'Comparer' }).click();
      picked.push(await cards.nth(i).locator('h3').innerText());
    }
    const tray = page.getByRole('complementary', { name: 'Propriétés à comparer' });
    await expect(tray.getByRole('status')).toHaveText('À comparer : 4 / 4');
    const fifth = cards.nth(4).getByRole('button', { name: 'Comparer' });
    await fifth.click();
    await expect(page.locator('.toast-error')).toHaveText(
      'Vous comparez déjà 4 propriétés : retirez-en une pour en ajouter une autre.',
    );
    await expect(fifth).toHaveAttribute('aria-pressed', 'false');

    await tray.getByRole('link', { name: 'Comparer' }).click();
    await expect(page).toHaveURL(/\/compare\/?\?ids=\d+,\d+,\d+,\d+$/);
    await ready(page);
    await expect(columns(page)).toHaveText(picked);
    const price = page.locator('.compare-table .row-price td');
    await expect(price).toHaveCount(4);
    for (const cell of await price.all()) await expect(cell).toContainText(/USD[\s\S]*CDF|CDF[\s\S]*USD/);
    await expect(page.locator('.compare-table .row-moveIn th')).toHaveText('Pour emménager');

    // The link round-trip: the copied address shows the same comparison to someone else.
    await page.getByText('Partager la comparaison', { exact: true }).click();
    await page.getByRole('button', { name: 'Copier le lien' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(page.url());
    const other = await freshPage(browser);
    await other.goto(link);
    await ready(other);
    await expect(columns(other)).toHaveText(picked);
    await other.context().close();

    // Removing a column updates the address and the picks.
    await page.getByRole('button', { name: `Retirer ${picked[0]} de la comparaison` }).click();
    await expect(columns(page)).toHaveText(picked.slice(1));
    expect(new URL(page.url()).searchParams.get('ids')!.split(',')).toHaveLength(3);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('compareProperties')))!)).toHaveLength(
      3,
    );
  });

  test('a rental’s move-in total shows in both currencies', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    const { rentWithMoveIn } = await indexIds(page);
    await page.goto(`/compare/?ids=${rentWithMoveIn.slice(0, 2).join(',')}`);
    await ready(page);
    const moveIn = page.locator('.compare-table .row-moveIn td').first();
    await expect(moveIn).toContainText(/\d.*(USD|CDF)[\s\S]*≈.*(USD|CDF)[\s\S]*mois/);
  });

  test('picked from the favourites and from the home page’s cards', async ({ page }) => {
    const { all } = await indexIds(page);
    await page.addInitScript(
      (ids) => {
        if (!localStorage.getItem('favoriteProperties')) localStorage.setItem('favoriteProperties', ids);
      },
      JSON.stringify(all.slice(0, 2)),
    );
    await page.goto('/favorites');
    await ready(page);
    // The cards come once the island has the index: wait for them before taking the list.
    await expect(page.locator('.results article')).toHaveCount(2);
    for (const card of await page.locator('.results article').all())
      await card.getByRole('button', { name: 'Comparer' }).click();
    const tray = page.getByRole('complementary', { name: 'Propriétés à comparer' });
    await expect(tray.getByRole('status')).toHaveText('À comparer : 2 / 4');

    await page.goto('/');
    await ready(page);
    await expect(tray.getByRole('status')).toHaveText('À comparer : 2 / 4');
    // The tray never covers the end of the page: at the bottom, the footer's last link shows above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = (await page.locator('footer a').last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual((await tray.boundingBox())!.y);
    // A featured card not picked yet (the favourites' two may be featured too).
    const id = await page
      .locator('.featured [data-compare][aria-pressed="false"]')
      .first()
      .getAttribute('data-compare');
    const toggle = page.locator(`.featured [data-compare="${id}"]`);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(tray.getByRole('status')).toHaveText('À comparer : 3 / 4');
    await tray.getByRole('link', { name: 'Comparer' }).click();
    await ready(page);
    await expect(page.locator('.compare-table thead th')).toHaveCount(3);

    await page.goto('/favorites');
    await ready(page);
    await tray.getByRole('button', { name: 'Vider' }).click();
    await expect(tray).toBeHidden();
    await expect(page.locator('body')).not.toHaveClass(/compare-open/);
  });

  test('bad ids are ignored with a line; the page speaks fr, en and ln', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await page.goto('/compare/?ids=x,-1,0');
    await ready(page);
    await expect(page.getByText('Aucune propriété à comparer')).toBeVisible();
    await expect(page.getByText('Une partie du lien a été ignorée')).toBeVisible();

    const { all } = await indexIds(page);
    const ids = `${all[0]},${all[1]},${all[0]},${all[2]},${all[3]},${all[4]}`;
    for (const [lang, heading, row, note] of [
      ['', 'Comparer des propriétés', 'Prix', 'Une partie du lien a été ignorée'],
      ['/en', 'Compare properties', 'Price', 'Part of the link was ignored'],
      ['/ln', 'Kokokanisa ba propriété', 'Ntalo', 'Tolongoli biteni mosusu ya lien'],
    ] as const) {
      await page.goto(`${lang}/compare/?ids=${ids}`);
      await ready(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('.compare-table .row-price th')).toHaveText(row);
      await expect(page.locator('.compare-table thead th')).toHaveCount(4);
      await expect(page.getByText(note)).toBeVisible();
    }
  });

  test('no side-scrolling at 360 px: the table scrolls inside its box', async ({ page }) => {
    onlyOn('phone', 'the phone (360 × 640)');
    const { all } = await indexIds(page);
    await page.addInitScript(
      (ids) => localStorage.setItem('compareProperties', ids),
      JSON.stringify(all.slice(0, 4)),
    );
    // Each page once its island has drawn what overflows if anything does: the table, the cards, the tray.
    for (const [path, drawn] of [
      [`/compare/?ids=${all.slice(0, 4).join(',')}`, '.compare-table'],
      [`/favorites/?ids=${all.slice(0, 3).join(',')}`, '.results article'],
      ['/properties', '.compare-tray:not([hidden])'],
    ] as const) {
      for (const lang of ['', '/en', '/ln']) {
        await page.goto(lang + path);
        await ready(page);
        await expect(page.locator(drawn).first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, lang + path).toBeLessThanOrEqual(0);
      }
    }
    const box = page.locator('.compare-scroll');
    await page.goto(`/compare/?ids=${all.slice(0, 4).join(',')}`);
    await ready(page);
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });
});
