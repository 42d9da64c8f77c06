import { expect, onlyOn, ready, test } from './fixtures.ts';

// Languages, links, the splash and the 404 are the same at every width: one project runs them (decision 0038).
// The header's menu, the sell button in it, sideways scrolling and the cards' media controls differ: both.
const SAME_AT_EVERY_WIDTH = 'texts, links and addresses do not depend on the viewport';

const isPhone = (name: string) => name === 'phone';

test.describe('the shell of every page', () => {
  test('home in each language with lang, hreflang and the active link', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    for (const [path, lang, title] of [
      ['/', 'fr', 'Trouvez la maison de vos rêves à Kinshasa'],
      ['/en/', 'en', 'Find your dream home in Kinshasa'],
      ['/ln/', 'ln', 'Zwa ndako ya ndoto na yo na Kinshasa'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(4);
    }
    await expect(
      page.locator('.nav-desktop a[aria-current=page], .menu-panel a[aria-current=page]').first(),
    ).toHaveAttribute('href', '/ln/');
  });

  test('the language switcher keeps the visitor on the same page', async ({ page }, info) => {
    await page.goto('/home/anything');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Trouvez la maison de vos rêves à Kinshasa',
    );
    if (isPhone(info.project.name)) await page.locator('summary').click();
    await page.locator(':is(.lang-desktop, .menu-panel) a[hreflang=en]:visible').click();
    // /home/… is the home page, whose English address is /en/.
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your dream home in Kinshasa');
    await page.goto('/ln/nowhere');
    if (isPhone(info.project.name)) await page.locator('summary').click();
    await page.locator(':is(.lang-desktop, .menu-panel) a[hreflang=fr]:visible').click();
    await expect(page).toHaveURL(/\/404\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('sell dialog: WhatsApp with the French message, phone, e-mail, closes with ×', async ({
    page,
  }, info) => {
    await page.goto('/en/');
    await ready(page);
    if (isPhone(info.project.name)) await page.locator('summary').click();
    await page.locator('[data-open-sell]:visible').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const whatsapp = dialog.getByRole('link', { name: 'Chat on WhatsApp' });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(href.split('text=')[1] ?? '')).toContain('je souhaite vendre ma maison');
    await expect(dialog.locator('a[href^="tel:"]')).toBeVisible();
    await expect(dialog.locator('a[href^="mailto:"]')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the splash shows once per browser session, over the page', async ({ browser }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('[data-splash]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await expect(page.locator('[data-splash]')).toBeHidden({ timeout: 5_000 });
    await page.goto('/en/');
    await expect(page.locator('[data-splash]')).toBeHidden();
    await context.close();
  });

  test('the footer links to the legal pages and to the admin as "Connexion"', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/admin');
    await expect(footer.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('unknown pages answer 404 with a way home, in the visitor language', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    const fr = await page.goto('/nulle-part');
    expect(fr?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    const en = await page.goto('/en/nowhere');
    expect(en?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
  });

  test('no horizontal scroll', async ({ page }) => {
    for (const path of ['/', '/en/', '/ln/', '/nulle-part']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('featured cards', () => {
  test('up to four featured cards; carousel wraps; the heart persists across reloads and pages', async ({
    page,
  }) => {
    await page.goto('/');
    await ready(page);
    const cards = page.locator('.featured article');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(4);

    const card = cards.first();
    const carousel = card.locator('[data-carousel]');
    const slides = await card.locator('[data-slide]').count();
    if (slides > 1) {
      await card.locator('[data-prev]').click();
      await expect(carousel).toHaveAttribute('data-index', String(slides - 1));
      await card.locator('[data-next]').click();
      await expect(carousel).toHaveAttribute('data-index', '0');
    }

    const heart = card.locator('[data-fav]');
    const id = await heart.getAttribute('data-fav');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    // Spec §9: a success toast, gone after 2 s.
    await expect(page.locator('.toast-success')).toHaveText('Ajouté aux favoris');
    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 3_000 });
    expect(await page.evaluate(() => localStorage.getItem('favoriteProperties'))).toBe(`[${id}]`);
    await page.goto('/en/');
    await expect(page.locator(`[data-fav="${id}"]`)).toHaveAttribute('aria-pressed', 'true');
    await page.locator(`[data-fav="${id}"]`).click();
    await page.reload();
    await expect(page.locator(`[data-fav="${id}"]`)).toHaveAttribute('aria-pressed', 'false');
  });

  test('the hero search sends q and type to the catalogue', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await page.goto('/');
    await page.locator('#hero-q').fill('Gombe');
    await page.locator('#hero-type').selectOption('rent');
    await page.locator('form[role=search] button[type=submit]').click();
    await expect(page).toHaveURL(/\/properties\/?\?q=Gombe&type=rent$/);
  });
});
