import type { Page } from '@playwright/test';
import { expect, ready, seriousViolations, test } from './fixtures.ts';

// axe on every kind of page in every language: no serious or critical violation.
// axe takes 2–3 s a page on this 2-core machine: eleven pages in one test need more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const pages = [
  '/',
  '/properties',
  '/properties?view=list',
  '/favorites',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/communes',
  '/communes/gombe',
  '/nulle-part',
];

for (const lang of ['', '/en', '/ln']) {
  test(`no serious accessibility violation${lang || ' (fr)'}`, async ({ page, secondPage }) => {
    // axe is the renderer's work: two tabs (two renderer processes) check half the pages each, side by side,
    // on the machine's two cores. Each failure still names its page.
    const check = async (tab: Page, paths: string[]) => {
      for (const path of paths) {
        await tab.goto(lang + path);
        await ready(tab);
        expect.soft(await seriousViolations(tab), lang + path).toEqual([]);
      }
    };
    const half = Math.ceil(pages.length / 2);
    await Promise.all([check(page, pages.slice(0, half)), check(secondPage, pages.slice(half))]);
  });
}

test('no serious accessibility violation on a property page and its visit dialog', async ({
  page,
  request,
}) => {
  const { data } = (await (await request.get('/api/properties?limit=1')).json()) as {
    data: { id: number }[];
  };
  for (const lang of ['', '/en', '/ln']) {
    await page.goto(`${lang}/property/${data[0]?.id}`);
    await ready(page);
    await page.locator('[data-open-visit]').click();
    expect(await seriousViolations(page), lang).toEqual([]);
  }
});
