import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, findChromium, NO_BROWSER_HELP } from './scripts/lib/browser-path.ts';
import { ADMIN } from './tests/e2e/admin-account.ts';

// End-to-end tests against the real thing: `npm start` on a fresh demo database (a small seed for speed),
// the site built from its API, in a Chromium found by scripts/lib/browser-path.ts (CHROMIUM_PATH, Debian's
// headless shell, a system Chromium, Playwright's own). Without one, one line says how to get one instead of
// every test failing.
// A port of its own per run (workers inherit it through the environment), so runs never share a server.
// Below Linux's ephemeral range (32768 and up): the API suites running beside it in CI (.ci/run) open
// connections and port-0 servers there, and could hold the port, or the mail port next to it, first.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
const port = Number(process.env.E2E_PORT);
// Where the server mails (tests/e2e/alerts.spec.ts listens there while it runs; other mails fail, logged).
process.env.E2E_SMTP_PORT ??= String(port + 1);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'ndako-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const browser = findChromium(process.env, { shell: true });
if (!browser) {
  console.error(NO_BROWSER_HELP);
  process.exit(1);
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  workers: 1,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: browser.path, args: CHROMIUM_FLAGS },
    // The site's service worker (issue 12) would answer requests that specs route with page.route(), which
    // Playwright cannot see then: it runs in tests/e2e/offline.spec.ts alone, which allows it.
    serviceWorkers: 'block',
    // One browser context per worker, reset between tests, instead of a new one per test: a new context
    // starts a new renderer process, about 0.3 s of the two cores per test (decision 0038). Playwright clears
    // cookies, cache, storage (session storage too), pages, routes and init scripts; tests/e2e/fixtures.ts
    // resets permissions and the offline switch, and starts the next test on a new context after a failure.
    reuseContext: true,
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 360, height: 640 }, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    // The site answers 503 "en préparation" until its build is online.
    url: `http://127.0.0.1:${port}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: join(dataDir, 'site'),
      SEED: 'demo',
      SEED_PROPERTIES: '60',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // scrypt at the API suites' cost (vitest.config.ts), allowed under NODE_ENV=test only: at production's
      // (2^17, about 0.5–1 s of a core here) the suite's logins, accounts and password changes waited about
      // a minute in all. Production's cost is checked in src/server/services/passwords.test.ts.
      NODE_ENV: 'test',
      SCRYPT_LOG2_N: '10',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    },
  },
});
