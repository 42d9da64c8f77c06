import { defineConfig } from '@playwright/test';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, findChromium, NO_BROWSER_HELP } from './scripts/lib/browser-path.ts';
import { ADMIN } from './tests/e2e/admin-account.ts';
import type { E2EServer } from './tests/e2e/server.ts';

// End-to-end tests against the real thing: `npm start` on a fresh demo database (a small seed for speed),
// the site built from its API, twice (below), in a Chromium found by scripts/lib/browser-path.ts
// (CHROMIUM_PATH, Debian's headless shell, a system Chromium, Playwright's own). Without one, one line says
// how to get one instead of every test failing.
// Two servers, one per project, each on a fresh demo database and data folder of its own: the phone's tests
// run on one and the desktop's on the other, side by side, each project's tests one at a time in the same
// order as before. A project's tests share state on purpose (a publish, the agency's name, accounts), so two
// tests of one project never run at once; the two projects never share a server, so they cannot race
// (decision 0038, eighth amendment). Only the desktop project publishes.
// Ports of their own per run (workers inherit them through the environment), so runs never share a server.
// Below Linux's ephemeral range (32768 and up): the API suites open connections and port-0 servers there.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
process.env.E2E_DATA_DIR ??= e2eDataRoot();
const browser = findChromium(process.env, { shell: true });
if (!browser) {
  console.error(NO_BROWSER_HELP);
  process.exit(1);
}

/**
 * The run's data folder, inside the project: an `astro build` whose output folder is outside the working
 * directory writes its prerender bundle to the project's `.astro/`, which the two servers' first builds, at
 * the same time, would both write (tests/deploy/incremental-build.test.ts keeps its builds inside for the same
 * reason). Runs more than a day old are removed: a run takes minutes.
 */
function e2eDataRoot(): string {
  const parent = join(import.meta.dirname, 'node_modules/.cache');
  mkdirSync(parent, { recursive: true });
  for (const old of readdirSync(parent).filter((name) => name.startsWith('ndako-e2e-'))) {
    const path = join(parent, old);
    if (Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
  }
  return mkdtempSync(join(parent, 'ndako-e2e-'));
}

/** Each project with its server: its port, the port it mails to (alerts.spec.ts listens there), its data. */
const PROJECTS = [
  { name: 'phone', use: { viewport: { width: 360, height: 640 }, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
].map((project, i) => {
  const port = Number(process.env.E2E_PORT) + 2 * i;
  const server: E2EServer = {
    port,
    smtpPort: port + 1,
    dataDir: join(String(process.env.E2E_DATA_DIR), project.name),
  };
  return { ...project, server };
});

/**
 * Whether a project's server is started: not when the command line names only other projects
 * (`--project phone`), so one spec on one viewport costs one server's start. A name this cannot read
 * (a pattern) starts them all.
 */
function started(name: string): boolean {
  const named = process.argv.flatMap((arg, i, all) =>
    arg === '--project' ? [all[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice(10)] : [],
  );
  if (named.length === 0 || named.some((n) => !PROJECTS.some((p) => p.name === n))) return true;
  return named.includes(name);
}

/** The servers this run starts: not when the command line names only other projects (`started`). */
const SERVERS = PROJECTS.filter((project) => started(project.name)).map(({ server }) => server);

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright would start the servers one after another; they start at once, and this waits for them.
  globalSetup: './tests/e2e/servers-online.ts',
  metadata: { servers: SERVERS },
  timeout: 30_000,
  // On CI a failed test runs once more, on a new context, and Playwright lists it as flaky rather than
  // passed: a test that once failed for a cause not proven (catalogue.spec.ts "lists nine cards…", whose
  // taps now wait for the pager to stop moving) does not hide its chain's other failures. A test that fails
  // twice still fails the run (decision 0038).
  retries: process.env.CI ? 1 : 0,
  // One per project: see PROJECTS above.
  workers: PROJECTS.length,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    launchOptions: { executablePath: browser.path, args: CHROMIUM_FLAGS },
    // The site's service worker would answer requests that specs route with page.route(), which
    // Playwright cannot see then: it runs in tests/e2e/offline.spec.ts alone, which allows it.
    serviceWorkers: 'block',
    // One browser context per worker, reset between tests, instead of a new one per test: a new context
    // starts a new renderer process, about 0.3 s of the two cores per test (decision 0038). Playwright clears
    // cookies, cache, storage (session storage too), pages, routes and init scripts; tests/e2e/fixtures.ts
    // resets permissions and the offline switch, and starts the next test on a new context after a failure.
    reuseContext: true,
  },
  projects: PROJECTS.map(({ server, ...project }) => ({
    ...project,
    workers: 1,
    metadata: server,
    use: { ...project.use, baseURL: `http://127.0.0.1:${server.port}` },
  })),
  webServer: SERVERS.map((server) => {
    mkdirSync(server.dataDir, { recursive: true });
    return {
      command: 'node scripts/start.ts',
      // No `url`: Playwright would wait for each server before starting the next. The site answers 503
      // "en préparation" until its build is online; tests/e2e/servers-online.ts waits for a 200.
      env: {
        PORT: String(server.port),
        HOST: '127.0.0.1',
        DATA_DIR: server.dataDir,
        SITE_DIR: join(server.dataDir, 'site'),
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
        SMTP_URL: `smtp://127.0.0.1:${server.smtpPort}`,
      },
    };
  }),
});
