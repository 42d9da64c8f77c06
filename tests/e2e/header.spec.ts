import { expect, onlyOn, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

// At 1280 px the Lingala header wrapped its links and the sell button onto two lines while French
// and English fitted. Every language must keep the desktop header on one row, and phones must never scroll
// sideways (their menu is the burger, unchanged).
const HOMES = ['/', '/en/', '/ln/'] as const;

/** The header's row: each link and the sell button, with its box and how many lines its text takes. */
async function headerRow(page: Page) {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll<HTMLElement>('.nav-desktop a, .actions .sell')];
    const brand = document.querySelector<HTMLElement>('.brand span');
    const brandRange = document.createRange();
    if (brand) brandRange.selectNodeContents(brand);
    const brandTops = [...brandRange.getClientRects()].map((r) => r.top);
    return {
      // The agency's name whole (not cut with an ellipsis) and on one line.
      brand: {
        cut: brand
          ? brand.scrollWidth > brand.clientWidth || brand.scrollHeight > brand.clientHeight + 1
          : true,
        lines: brandTops.length && Math.max(...brandTops) - Math.min(...brandTops) > 4 ? 2 : 1,
      },
      height: document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0,
      scrollWidth: document.documentElement.scrollWidth,
      items: items.map((el) => {
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = [...range.getClientRects()].map((r) => r.top);
        return {
          text: el.textContent?.trim() ?? '',
          middle: box.top + box.height / 2,
          right: box.right,
          // Text on one line: every fragment of it starts at the same height.
          lines: tops.length && Math.max(...tops) - Math.min(...tops) > 4 ? 2 : 1,
        };
      }),
    };
  });
}

test('desktop: the links and the sell button sit on one row in every language', async ({ page }) => {
  onlyOn('desktop', 'the desktop header (1280 × 800)');
  const heights: number[] = [];
  for (const path of HOMES) {
    await page.goto(path);
    const row = await headerRow(page);
    expect(row.items, path).toHaveLength(6);
    const middles = row.items.map((item) => item.middle);
    expect(Math.max(...middles) - Math.min(...middles), `${path}: items on one row`).toBeLessThanOrEqual(3);
    for (const item of row.items) {
      expect(item.lines, `${path}: "${item.text}" on one line`).toBe(1);
      expect(item.right, `${path}: "${item.text}" inside the window`).toBeLessThanOrEqual(1280);
    }
    expect(row.scrollWidth, `${path}: no sideways scroll`).toBeLessThanOrEqual(1280);
    // The Lingala row once fitted only by cutting the agency's name to "N…".
    expect(row.brand, `${path}: the agency's name whole, on one line`).toEqual({ cut: false, lines: 1 });
    heights.push(row.height);
  }
  // Same height as the French header: nothing grew a second line.
  for (const [i, height] of heights.entries()) expect(height, HOMES[i]).toBeCloseTo(heights[0] ?? 0, 0);
});

test('phone: the burger menu, and no sideways scroll in any language', async ({ page }) => {
  onlyOn('phone', 'the phone header (360 × 640)');
  for (const path of HOMES) {
    await page.goto(path);
    await expect(page.locator('.nav-desktop')).toBeHidden();
    await expect(page.locator('.menu summary')).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0], `${path}: no sideways scroll`).toBeLessThanOrEqual(widths[1] ?? 0);
    await page.locator('.menu summary').click();
    await expect(page.locator('.menu-panel a[href]').first()).toBeVisible();
    const open = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(open, `${path}: the open menu fits`).toBeLessThanOrEqual(widths[1] ?? 0);
  }
});
