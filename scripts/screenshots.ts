// Screenshots of pages at phone and desktop size in each language, to look at what visitors see.
// Usage: node scripts/screenshots.ts http://localhost:4321 out-dir /path /other-path
// Admin pages (/admin…) are taken once, not per language; ADMIN_TOKEN logs the browser in for them.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { chromiumPath, CHROMIUM_FLAGS } from './lib/browser-path.ts';

// Only what this script uses: playwright-core's own typings do not resolve under astro check.
interface Page {
  goto(url: string, options: { waitUntil: 'networkidle' }): Promise<unknown>;
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
  waitForFunction(fn: string, arg: null, options: { timeout: number }): Promise<unknown>;
}
interface Context {
  addInitScript<T>(script: (arg: T) => void, arg?: T): Promise<void>;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
interface Browser {
  newContext(options: { viewport: { width: number; height: number } }): Promise<Context>;
  close(): Promise<void>;
}
const { chromium } = createRequire(import.meta.url)('playwright-core') as {
  chromium: { launch(options: { executablePath: string; args: string[] }): Promise<Browser> };
};

const [base = 'http://localhost:4321', out = 'screenshots', ...paths] = process.argv.slice(2);
const sizes = [
  { name: 'phone', width: 360, height: 640 },
  { name: 'desktop', width: 1280, height: 800 },
];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
for (const size of sizes) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  // Skip the once-a-session splash so the page itself is pictured.
  await context.addInitScript(() => sessionStorage.setItem('ndako-splash-shown', '1'));
  const token = process.env.ADMIN_TOKEN;
  if (token) await context.addInitScript((value: string) => localStorage.setItem('adminToken', value), token);
  const page = await context.newPage();
  for (const lang of ['', '/en', '/ln']) {
    for (const path of paths.length ? paths : ['/']) {
      if (path.startsWith('/admin') && lang) continue;
      await page.goto(base + lang + path, { waitUntil: 'networkidle' });
      // Client-rendered parts (the admin) show a loading state until their data is in.
      await page
        .waitForFunction("!document.querySelector('.adm-loading, .adm-boot')", null, { timeout: 10_000 })
        .catch(() => console.warn(`${path}: still loading after 10 s`));
      const file = join(out, `${size.name}${(lang + path).replace(/[/?=&]+/g, '_') || '_'}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  }
  await context.close();
}
await browser.close();
