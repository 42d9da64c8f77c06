import { test as base, expect, type Page } from '@playwright/test';

/** Islands and scripts are ready once Astro has hydrated every island (none left with [ssr]). */
export async function ready(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Pages open without the once-a-session splash unless a test asks for it. */
export const test = base.extend<{ splash: boolean }>({
  splash: [false, { option: true }],
  page: async ({ page, splash }, use) => {
    if (!splash) await page.addInitScript(() => sessionStorage.setItem('ndako-splash-shown', '1'));
    // Every page of every test runs under the server's Content-Security-Policy: nothing may be blocked.
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await use(page);
    expect(blocked, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
