import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './admin-account.ts';
import { cpuProbe } from './cpu-probe.ts';

export { ADMIN };

/** A staff session: its token (as the admin app stores it) and the header that sends it. */
export interface Session {
  token: string;
  headers: { authorization: string };
}

/** Logs `who` in through the API. */
export async function logIn(request: APIRequestContext, who = ADMIN): Promise<Session> {
  const res = await request.post('/api/auth/login', { data: who });
  const body = await res.text();
  expect(res.status(), body).toBe(200);
  const { token } = JSON.parse(body) as { token: string };
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** The live site's whole sitemap: its index (/sitemap.xml) and every part it lists, one after the other. */
export async function sitemapXml(request: APIRequestContext): Promise<string> {
  const index = await request.get('/sitemap.xml');
  expect(index.headers()['content-type']).toContain('xml');
  const parts = [...(await index.text()).matchAll(/<loc>[^<]*?(\/sitemaps\/[\w-]+\.xml)<\/loc>/g)];
  expect(parts.length).toBeGreaterThan(1);
  return (await Promise.all(parts.map(async ([, path]) => (await request.get(path!)).text()))).join('\n');
}

/** The two projects of playwright.config.ts. */
export type Viewport = 'phone' | 'desktop';

/**
 * Runs what it is called in on one project only: the calling test, or, called in a `describe` or at the top
 * of a file, every test there. For what does not depend on the viewport (decision 0038, item 5): public
 * visitors' flows on the phone, where most visitors are, and staff flows on the desktop, but for a few
 * visitors' specs on the desktop so that the two projects' chains end together; what the two layouts show
 * differently runs on both. `why` says what the other viewport would only repeat.
 */
export function onlyOn(viewport: Viewport, why: string) {
  let inTest = true;
  try {
    test.info();
  } catch {
    inTest = false;
  }
  if (inTest) test.skip(test.info().project.name !== viewport, why);
  else test.skip(() => test.info().project.name !== viewport, why);
}

/** Islands and scripts are ready once Astro has hydrated every island (none left with [ssr]). */
export async function ready(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The rules tests/e2e/a11y.spec.ts holds every page to: WCAG 2.1 A and AA, and axe's best practice. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe's violations on the page as it is, one line each (impact rule: elements): of the given impacts (all by
 * default) under the given tags (every rule axe runs by default, without tags).
 */
export async function axeViolations(
  page: Page,
  { impacts, tags }: { impacts?: readonly string[]; tags?: string[] } = {},
): Promise<string[]> {
  // Every rule still runs; only the violations are written out node by node (axe's resultTypes): the
  // passes, which nothing here reads, were most of the result's size and of the time after the checks.
  // A page without frames is checked by one axe.run in the page, axe's source evaluated once: AxeBuilder's
  // legacy mode evaluates it twice (once in analyze(), again for every frame), about 0.3 s of the renderer
  // per page here. A page with frames goes through AxeBuilder, which runs axe in each frame and merges their
  // results on a blank page (2–3 times the time, decision 0038).
  const found: Violation[] =
    page.frames().length === 1
      ? await page.evaluate(AXE_SOURCE).then(() => page.evaluate(runAxe, tags ?? null))
      : (
          await (tags ? new AxeBuilder({ page }).withTags(tags) : new AxeBuilder({ page }))
            .options({ resultTypes: ['violations'] })
            .analyze()
        ).violations;
  return found
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe-core, set up as AxeBuilder sets it up for a page it checks alone (frames of the same origin only). */
const AXE_SOURCE = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/** What of an axe violation is read here, from axe.run in the page or from AxeBuilder alike. */
type Violation = Pick<axe.Result, 'id' | 'impact'> & { nodes: Pick<axe.NodeResult, 'target'>[] };

/** Runs in the page: axe.run on the whole document, with the rules of `tags` (all when null). */
async function runAxe(tags: string[] | null): Promise<Violation[]> {
  const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
    resultTypes: ['violations'],
    ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}),
  });
  // Only what is read crosses back from the page: each node's whole result is much larger.
  return violations.map(({ id, impact, nodes }) => ({
    id,
    impact,
    nodes: nodes.map(({ target }) => ({ target })),
  }));
}

/** axe's serious and critical violations on the page as it is, one line each (impact rule: elements). */
export function seriousViolations(page: Page): Promise<string[]> {
  return axeViolations(page, { impacts: ['serious', 'critical'] });
}

/** Without the splash unless asked; console lines of blocked content gathered in `blocked`. */
async function prepare(page: Page, splash: boolean, blocked: string[]) {
  if (!splash) await page.addInitScript(() => sessionStorage.setItem('ndako-splash-shown', '1'));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
}

/**
 * Pages open without the once-a-session splash unless a test asks for it. `secondPage` is another tab of
 * the same context, prepared the same way, for a test that works in two at once.
 */
export const test = base.extend<{ splash: boolean; secondPage: Page; cpuProbe: void }, { admin: Session }>({
  // One admin session per worker for the tests that set things up or check them through the API: every
  // login is a password verification on the server. A test about sessions themselves logs in on its own.
  admin: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await logIn(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  splash: [false, { option: true }],
  // Each test's CPU, when E2E_CPU_LOG names a file (tests/e2e/cpu-probe.ts).
  cpuProbe: [({ browser }, use, testInfo) => cpuProbe(browser, use, testInfo), { auto: true }],
  page: async ({ page, splash }, use, testInfo) => {
    // Every page of every test runs under the server's Content-Security-Policy: nothing may be blocked.
    const blocked: string[] = [];
    await prepare(page, splash, blocked);
    await use(page);
    // The next test reuses this context (reuseContext, playwright.config.ts). Playwright resets its storage,
    // cache, pages, routes, init scripts and emulation; permissions and the offline switch are reset here.
    // A test that failed may have left its page anywhere: the next one gets a new context.
    const context = page.context();
    if (testInfo.status !== testInfo.expectedStatus) await context.close();
    else await Promise.all([context.clearPermissions(), context.setOffline(false)]);
    expect(blocked, 'Content-Security-Policy violations').toEqual([]);
  },
  secondPage: async ({ page, splash }, use) => {
    const blocked: string[] = [];
    const second = await page.context().newPage();
    await prepare(second, splash, blocked);
    await use(second);
    // Closed before the page fixture ends, which may close the whole context.
    await second.close();
    expect(blocked, 'Content-Security-Policy violations (second page)').toEqual([]);
  },
});

export { expect };
