import type { Page } from '@playwright/test';
import { AXE_TAGS, axeViolations, expect, ready, test } from './fixtures.ts';

// axe (WCAG 2.1 A and AA, and best practice) on every kind of page in every language: no violation of any
// impact, not only the serious ones; and no page wider than the window (360 px on the phone).
// axe takes 2–3 s a page on this 2-core machine: eighteen pages in one test need more than the default 30 s.
test.describe.configure({ timeout: 180_000 });

/** Two listings of the built catalogue index, for the pages that show listings by id. */
async function someIds(page: Page): Promise<number[]> {
  const { rows } = (await (await page.request.get('/data/listings.json')).json()) as { rows: number[][] };
  return rows.slice(0, 4).map((r) => r[0]!);
}

/** The visitor's own favourites with listings in them (the plain '/favorites' is the empty list). */
const SAVED = '/favorites/#saved';

const pages = (ids: number[]) => [
  '/',
  '/properties',
  '/properties?view=list',
  '/favorites',
  SAVED,
  `/favorites/?ids=${ids.slice(0, 2).join(',')}`,
  `/compare/?ids=${ids.join(',')}`,
  '/search/?q=piscine',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/communes',
  '/communes/gombe',
  '/offline',
  // A token of the right shape (the button enabled), and none (the page says the link is incomplete).
  `/alerts/confirm/?token=${'a'.repeat(43)}`,
  '/alerts/unsubscribe/',
  '/nulle-part',
];

for (const lang of ['', '/en', '/ln']) {
  test(`no accessibility violation${lang || ' (fr)'}`, async ({ page, secondPage }) => {
    // Languages differ in their texts (names, labels), viewports in their layout: the phone, where most
    // visitors are, checks every page in the three languages, the desktop in French (CI time, decision 0038).
    test.skip(lang !== '' && test.info().project.name === 'desktop', 'the other languages run on the phone');
    const ids = await someIds(page);
    const all = pages(ids);
    // axe is the renderer's work: two tabs (two renderer processes) check half the pages each, side by side,
    // on the machine's two cores. Each failure still names its page.
    const check = async (tab: Page, paths: string[]) => {
      for (const path of paths) {
        if (path === SAVED) {
          await tab.goto(`${lang}/`);
          await tab.evaluate(
            (saved) => localStorage.setItem('favoriteProperties', JSON.stringify(saved)),
            ids,
          );
        }
        await tab.goto(lang + path);
        await ready(tab);
        // Pages that load what they show: checked once it is there, not their loading state.
        await expect(tab.locator('p.state')).toHaveCount(0);
        if (path.startsWith('/search'))
          await expect(tab.locator('[data-search-results] li').first()).toBeVisible();
        expect.soft(await axeViolations(tab, { tags: AXE_TAGS }), lang + path).toEqual([]);
        // Reflow (WCAG 1.4.10), which axe does not check: no page scrolls sideways.
        const wider = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect.soft(wider, `${lang + path}: px wider than the window`).toBeLessThanOrEqual(0);
      }
    };
    const half = Math.ceil(all.length / 2);
    await Promise.all([check(page, all.slice(0, half)), check(secondPage, all.slice(half))]);
  });
}

test('no accessibility violation on a property page and its visit dialog', async ({ page, request }) => {
  const { data } = (await (await request.get('/api/properties?limit=1')).json()) as {
    data: { id: number }[];
  };
  for (const lang of ['', '/en', '/ln']) {
    await page.goto(`${lang}/property/${data[0]?.id}`);
    await ready(page);
    await page.locator('[data-open-visit]').click();
    expect(await axeViolations(page, { tags: AXE_TAGS }), lang).toEqual([]);
  }
});
