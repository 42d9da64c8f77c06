import type { Page } from '@playwright/test';
import { ROUTES } from '../../src/admin/lib/router.ts';
import { AXE_TAGS, axeViolations, expect, test } from './fixtures.ts';

// Staff use the admin from their phones on site (decision 0047): no admin page may scroll sideways at 360 px,
// and none may have an accessibility violation (axe, as tests/e2e/a11y.spec.ts holds the public pages to;
// checked here, where every page is loaded anyway: the admin's pages are the same at 1280 px but for their
// layout). Every route of the admin's one list, on the demo data, in one test and one session: a route added
// to ROUTES is checked without a line here.

/**
 * How wide the page is, and when it is wider than the screen the element that reaches furthest right, not
 * counting what a scrolling box (a table's) keeps inside itself: "li#request-visit-1.adm-item (568 px): …".
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const screen = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= screen) return { scrollWidth, screen, widest: '' };
    const contained = (e: Element) => {
      for (let box = e.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return box.getBoundingClientRect().right <= screen;
      }
      return false;
    };
    let widest: { e: Element; right: number } | null = null;
    for (const e of document.body.querySelectorAll('*')) {
      const right = e.getBoundingClientRect().right;
      // At the same right edge the first, outermost element found names the row that holds the culprits.
      if (right > screen && right > (widest?.right ?? 0) && !contained(e)) widest = { e, right };
    }
    const name = (e: Element) =>
      e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') + [...e.classList].map((c) => `.${c}`).join('');
    const text = (widest?.e.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return {
      scrollWidth,
      screen,
      widest: widest ? `${name(widest.e)} (${Math.round(widest.right)} px): "${text}"` : 'none found',
    };
  });
}

/** The texts naming a table (its caption or its aria-labelledby) that reach past the screen's right edge. */
function cutCaptions(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      const label = table.caption ?? document.getElementById(table.getAttribute('aria-labelledby') ?? '');
      if (!label) return [];
      const text = document.createRange();
      text.selectNodeContents(label);
      return text.getBoundingClientRect().right > window.innerWidth ? [label.textContent ?? ''] : [];
    }),
  );
}

test('no admin page is wider than a 360 px phone or has an accessibility violation', async ({
  page,
  admin,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone’s width');
  const pages = Object.values(ROUTES);
  const wide: string[] = [];
  const violations: string[] = [];
  const axe = async (what: string) => {
    for (const violation of await axeViolations(page, { tags: AXE_TAGS }))
      violations.push(`${what}: ${violation}`);
  };
  const check = async (path: string) => {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}/?$`));
    // Each page's own heading, then its lists and figures loaded: their content is what may be too wide.
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('.adm-loading')).toHaveCount(0);
    const { scrollWidth, screen, widest } = await overflow(page);
    if (scrollWidth > screen)
      wide.push(`${path}: ${scrollWidth} px wide on a ${screen} px screen, ${widest}`);
    // A table scrolls in its box, but what names it is read whole: a <caption> scrolled with it, cut.
    for (const name of await cutCaptions(page)) wide.push(`${path}: the caption "${name}" is cut`);
    await axe(path);
  };
  // The login page as a visitor sees it, then every other page as the admin (one session, the fixture's).
  await check(ROUTES.login);
  await page.evaluate((token) => localStorage.setItem('adminToken', token), admin.token);
  for (const path of pages.filter((p) => p !== ROUTES.login)) await check(path);
  // The listing form, the dialog staff spend the most time in, and the phone's menu drawer.
  await page.goto(ROUTES.properties);
  await page.getByRole('button', { name: '+ Ajouter une propriété' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe('the listing form');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Propriétés' })).toBeVisible();
  await axe('the menu drawer');
  expect.soft(wide, 'admin pages that scroll sideways').toEqual([]);
  expect(violations, 'accessibility violations in the admin').toEqual([]);
});
