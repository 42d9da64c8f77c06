import { lstat, readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, PublishState } from '../../src/contract/index.ts';
import { createApp } from '../../src/server/app.ts';
import { siteRenderer } from '../../src/server/publishing/site-build.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createProperty, expectError } from '../helpers/fixtures.ts';
import { steeredBuilder, writeSite } from '../helpers/site-builder.ts';

// Publishing the public site: builds into a new folder, switched in atomically, one run at a time.

const publish = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/publish', headers: t.auth });
const state = async (t: TestApp) => {
  const res = await t.app.inject({ url: '/api/publish', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublishState>();
};
const publishes = async (t: TestApp) =>
  (await t.app.inject({ url: '/api/audit?entity=site&limit=100', headers: t.auth })).json<{
    data: AuditEntry[];
  }>().data;
const home = async (t: TestApp) => (await t.app.inject('/')).body;
/** Waits (10 s at most) for `condition`. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await condition()).toBe(true);
}

describe('local builds', () => {
  let t: TestApp;
  const builder = steeredBuilder();
  beforeAll(async () => {
    t = await buildTestApp({ siteBuilder: builder.build });
  });
  afterAll(() => t.close());
  const builds = () => readdir(`${t.env.SITE_DIR}.builds`);

  it('starts idle, with the site "en préparation" and nothing published', async () => {
    expect(await state(t)).toEqual({
      state: 'idle',
      mode: 'local',
      lastPublishedAt: null,
      startedAt: null,
      step: null,
      progress: null,
      lastDurationMs: null,
      pendingChanges: 0,
      autoPublishAt: null,
      searchFollowing: false,
    });
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('en cours de préparation');
  });

  it('answers 202 while building, then serves the new site from a link switched to the new build', async () => {
    await createProperty(t);
    expect((await state(t)).pendingChanges).toBe(1);
    builder.hold();
    const res = await publish(t);
    expect(res.statusCode, res.body).toBe(202);
    const running = res.json<PublishState>();
    expect(running).toMatchObject({ state: 'running', mode: 'local' });
    expect(Date.now() - Date.parse(running.startedAt!)).toBeLessThan(10_000);
    expect(running.step).toEqual(expect.any(String));
    builder.release();
    await t.app.publisher.settled();

    const link = await lstat(t.env.SITE_DIR);
    expect(link.isSymbolicLink()).toBe(true);
    expect(await readlink(t.env.SITE_DIR)).toMatch(/^site\.builds\/[^/]+$/);
    const page = await t.app.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>v1</title>');
    expect((await t.app.inject('/_astro/app.v1.js')).headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/nulle-part')).body).toContain('Introuvable v1');

    const done = await state(t);
    expect(done).toMatchObject({ state: 'idle', pendingChanges: 0, step: null, progress: null });
    expect(done.lastError).toBeUndefined();
    expect(done.lastDurationMs).toBeGreaterThanOrEqual(0);
    const [row] = await publishes(t);
    expect(row).toMatchObject({
      action: 'publish',
      entity: 'site',
      actorName: 'Admin Test',
      label: 'Site public',
    });
    expect(done.lastPublishedAt).toBe(row!.at);
  });

  it('keeps the previous build for cached pages and deletes older ones', async () => {
    builder.use(writeSite('v2'));
    await publish(t);
    await t.app.publisher.settled();
    expect(await home(t)).toContain('v2');
    expect((await t.app.inject('/_astro/app.v1.js')).statusCode).toBe(404);
    const [current, previous] = [await readlink(t.env.SITE_DIR), (await builds()).length];
    expect(previous).toBe(2);

    builder.use(writeSite('v3'));
    await publish(t);
    await t.app.publisher.settled();
    expect(await home(t)).toContain('v3');
    const kept = await builds();
    expect(kept).toHaveLength(2);
    expect(kept).toContain(current.split('/')[1]);
  });

  it('never leaves a moment without a site while builds are switched in', async () => {
    let stop = false;
    let reads = 0;
    const codes = new Set<number>();
    const reader = (async () => {
      for (; !stop; reads++) codes.add((await t.app.inject('/')).statusCode);
    })();
    for (const v of ['a', 'b', 'c', 'd', 'e']) {
      builder.use(writeSite(`v-${v}`));
      await publish(t);
      await t.app.publisher.settled();
    }
    stop = true;
    await reader;
    expect([...codes]).toEqual([200]);
    expect(reads).toBeGreaterThan(20);
    expect(await home(t)).toContain('v-e');
  });

  it('takes a build changed in place as online, and lets a new publish stop the search index that follows', async () => {
    const live = await readlink(t.env.SITE_DIR);
    const searches: AbortSignal[] = [];
    builder.use(async ({ previousDir }) => ({
      kind: 'applied',
      dir: previousDir!,
      summary: '2 pages rendues sur 9, mises en place dans le site en ligne',
      // The index follows until a new publish stops it.
      search: (signal) =>
        new Promise<void>((_, reject) => {
          searches.push(signal);
          signal.addEventListener('abort', () => reject(new Error('interrompue')), { once: true });
        }),
    }));
    await publish(t);
    await until(async () => (await state(t)).searchFollowing);
    const following = await state(t);
    expect(following).toMatchObject({
      state: 'running',
      step: expect.stringContaining('Index de la recherche'),
    });
    // The pages are online: the run is audited already, the site is the same build, no new folder kept.
    const [row] = await publishes(t);
    expect(row!.detail).toMatch(/^Construit sur le serveur \(2 pages rendues sur 9, mises en place/);
    expect(await readlink(t.env.SITE_DIR)).toBe(live);

    expect((await publish(t)).statusCode).toBe(202);
    await until(() => searches.length === 2);
    expect(searches[0]!.aborted).toBe(true);
    builder.use(writeSite('v-après'));
    searches[1]!.dispatchEvent(new Event('abort'));
    await t.app.publisher.settled();
  });

  it('keeps the old site online when a build fails, reports why, and the next publish retries', async () => {
    builder.use(async (job) => {
      await writeSite('cassé')(job);
      throw new Error('La construction du site a échoué (code 1).\nThe API answered 500');
    });
    expect((await publish(t)).statusCode).toBe(202);
    await t.app.publisher.settled();
    const failed = await state(t);
    expect(failed).toMatchObject({ state: 'failed', lastError: expect.stringContaining('API answered 500') });
    expect(await home(t)).toContain('v-e');
    expect(await builds()).toHaveLength(2);
    expect((await publishes(t))[0]!.detail).not.toContain('cassé');

    builder.use(writeSite('réparé'));
    await publish(t);
    await t.app.publisher.settled();
    const fixed = await state(t);
    expect(fixed.state).toBe('idle');
    expect(fixed.lastError).toBeUndefined();
    expect(await home(t)).toContain('réparé');
  });

  it('refuses to put online a build without a home page', async () => {
    builder.use(async () => {});
    await publish(t);
    await t.app.publisher.settled();
    expect(await state(t)).toMatchObject({
      state: 'failed',
      lastError: expect.stringMatching(/page d’accueil/),
    });
    expect(await home(t)).toContain('réparé');
  });

  it('runs one build at a time: requests during a build make one more run right after', async () => {
    builder.use(writeSite('v-final'));
    builder.hold();
    const before = builder.runs.length;
    const first = await publish(t);
    await createProperty(t, { title: 'Ajoutée pendant la construction' });
    const answers = await Promise.all([publish(t), publish(t), publish(t)]);
    expect([first, ...answers].map((r) => r.statusCode)).toEqual([202, 202, 202, 202]);
    expect(answers.every((r) => r.json<PublishState>().state === 'running')).toBe(true);
    await until(() => builder.runs.length > before);
    expect(builder.runs.length - before).toBe(1);
    builder.release();
    await t.app.publisher.settled();
    expect(builder.runs.length - before).toBe(2);
    expect(await state(t)).toMatchObject({ state: 'idle', pendingChanges: 0 });
  });

  it('keeps lastPublishedAt across a restart: it is the last publish of the audit log', async () => {
    const published = (await state(t)).lastPublishedAt;
    const again = await createApp({ env: t.env, database: t.database, siteBuilder: writeSite('x') });
    try {
      const fresh = await again.inject({ url: '/api/publish', headers: t.auth });
      expect(fresh.json<PublishState>()).toMatchObject({ state: 'idle', lastPublishedAt: published });
    } finally {
      await again.close();
    }
  });

  it('adopts a plain site folder left by an older install on the first publish', async () => {
    const old = await buildTestApp({ siteBuilder: writeSite('nouveau') });
    try {
      await writeFile(join(old.env.SITE_DIR, 'index.html'), '<title>ancien</title>');
      expect(await home(old)).toContain('ancien');
      await publish(old);
      await old.app.publisher.settled();
      expect((await lstat(old.env.SITE_DIR)).isSymbolicLink()).toBe(true);
      expect(await home(old)).toContain('nouveau');
      expect((await readdir(`${old.env.SITE_DIR}.builds`)).some((d) => d.startsWith('previous-'))).toBe(true);
    } finally {
      await old.close();
    }
  });

  it('stops a running build when the server shuts down', async () => {
    const held = steeredBuilder();
    const closing = await buildTestApp({ siteBuilder: held.build });
    held.hold();
    await publish(closing);
    await until(() => held.runs.length > 0);
    expect(held.runs[0]!.signal.aborted).toBe(false);
    await closing.close();
    expect(held.runs[0]!.signal.aborted).toBe(true);
  });
});

describe('build time limit (PUBLISH_TIMEOUT_SECONDS)', () => {
  let t: TestApp;
  const builder = steeredBuilder();
  let pidFile: string;
  beforeAll(async () => {
    t = await buildTestApp({ siteBuilder: builder.build, env: { PUBLISH_TIMEOUT_SECONDS: '3' } });
    pidFile = join(t.env.DATA_DIR, 'build.pid');
    await publish(t);
    await t.app.publisher.settled();
  });
  afterAll(() => t.close());
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('kills a build process that outlives the limit, keeps the old site and says why', async () => {
    expect(await home(t)).toContain('v1');
    // A renderer that never answers (as one stuck on an API that never answers).
    const script = join(t.env.DATA_DIR, 'stuck-renderer.mjs');
    await writeFile(
      script,
      `import { writeFileSync } from 'node:fs';
       writeFileSync(process.env.PID_FILE, String(process.pid));
       process.on('message', () => {});`,
    );
    builder.use(siteRenderer({ env: { PID_FILE: pidFile }, script }).build);
    const started = Date.now();
    expect((await publish(t)).statusCode).toBe(202);
    await t.app.publisher.settled();
    expect(Date.now() - started).toBeLessThan(8000);
    const failed = await state(t);
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toMatch(/dépassé sa limite de 3 s.*site en ligne est conservé/);
    const pid = Number(await readFile(pidFile, 'utf8'));
    expect(alive(pid)).toBe(false);
    expect(await home(t)).toContain('v1');
    expect(await readdir(`${t.env.SITE_DIR}.builds`)).toHaveLength(1);
  });

  it('does not wait for ever on a builder that ignores the stop', async () => {
    builder.use(() => new Promise(() => {}));
    await publish(t);
    const outcome = await t.app.publisher.settled();
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/dépassé sa limite/) });
    expect(await home(t)).toContain('v1');
    // Publishing is not stuck: the next build runs.
    builder.use(writeSite('v2'));
    await publish(t);
    expect(await t.app.publisher.settled()).toMatchObject({ ok: true });
    expect(await home(t)).toContain('v2');
  }, 30_000);
});

describe('deploy hook mode', () => {
  let t: TestApp;
  let hook: Server;
  let status = 204;
  const received: { method?: string; type?: string }[] = [];
  beforeAll(async () => {
    hook = createServer((req: IncomingMessage, res) => {
      received.push({ method: req.method, type: req.headers['content-type'] });
      req.resume();
      res.statusCode = status;
      res.end(status >= 400 ? 'deploy quota exceeded' : '');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/deploy`;
    t = await buildTestApp({
      env: { PUBLISH_HOOK_URL: url },
      siteBuilder: () => Promise.reject(new Error('no local build in hook mode')),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => hook.close(resolve));
  });

  it('POSTs to the hook instead of building, and a 2xx answer is a publish', async () => {
    expect((await state(t)).mode).toBe('hook');
    expect((await publish(t)).statusCode).toBe(202);
    await t.app.publisher.settled();
    expect(received).toEqual([{ method: 'POST', type: 'application/json' }]);
    const done = await state(t);
    expect(done).toMatchObject({ state: 'idle', mode: 'hook' });
    expect(done.lastPublishedAt).not.toBeNull();
    expect((await publishes(t))[0]!.detail).toMatch(/^Hook de déploiement \(HTTP 204\)/);
    await expect(lstat(`${t.env.SITE_DIR}.builds`)).rejects.toThrow();
  });

  it('reports a failed publish with the status the hook answered', async () => {
    status = 503;
    await publish(t);
    await t.app.publisher.settled();
    const failed = await state(t);
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toContain('HTTP 503');
    expect(failed.lastError).toContain('deploy quota exceeded');
    expect(await publishes(t)).toHaveLength(1);
  });
});

describe('automatic publishing', () => {
  let t: TestApp;
  const builder = steeredBuilder(writeSite('auto'));
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLISH_AUTO_DELAY_SECONDS: '1' }, siteBuilder: builder.build });
  });
  afterAll(() => t.close());

  it('publishes once, a delay after the last of several changes', async () => {
    await createProperty(t);
    const first = Date.parse((await state(t)).autoPublishAt!);
    await createProperty(t);
    await createProperty(t);
    const scheduled = await state(t);
    expect(Date.parse(scheduled.autoPublishAt!)).toBeGreaterThanOrEqual(first);
    expect(Date.parse(scheduled.autoPublishAt!) - Date.now()).toBeLessThanOrEqual(1000);
    expect(scheduled.pendingChanges).toBe(3);
    expect(builder.runs).toHaveLength(0);

    await until(async () => (await publishes(t)).length > 0);
    await t.app.publisher.settled();
    expect(builder.runs).toHaveLength(1);
    expect((await publishes(t))[0]!.actorName).toBe('Publication automatique');
    expect(await state(t)).toMatchObject({ state: 'idle', pendingChanges: 0, autoPublishAt: null });
    expect(await home(t)).toContain('auto');
  });

  it('is not set off by a publish, nor by what visitors do', async () => {
    await t.app.inject({ method: 'PATCH', url: '/api/properties/1/view' });
    expect((await state(t)).autoPublishAt).toBeNull();
  });
});

describe('validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 JSON to an unknown publish sub-route', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/publish/now', headers: t.auth }), 404);
  });
});
