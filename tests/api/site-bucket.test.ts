import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/contract/index.ts';
import type { SitePointer } from '../../src/server/services/site-bucket.ts';
import type { SiteBuilder } from '../../src/server/services/site-build.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { SITE_BUCKET, startS3, type S3Server } from '../helpers/s3-server.ts';
import { steeredBuilder, writeManifest } from '../helpers/site-builder.ts';

// SITE_STORE=s3: each publish writes the build under its own prefix of the bucket (s3rver, started here),
// sending only the files whose MD5 changed since the build online, then switches current.json; the build
// it replaces is kept and older ones are deleted.

/** A small site: the home page says `home`; every other file is the same from one build to the next. */
const site =
  (home: string): SiteBuilder =>
  async ({ outDir }) => {
    await mkdir(join(outDir, '_astro'), { recursive: true });
    await mkdir(join(outDir, 'en', 'catalogue'), { recursive: true });
    await mkdir(join(outDir, 'data'), { recursive: true });
    await writeFile(join(outDir, 'index.html'), `<!doctype html><title>${home}</title>`);
    await writeFile(join(outDir, 'index.html.br'), 'compressed copy for this server only');
    await writeFile(join(outDir, '404.html'), '<!doctype html><title>Introuvable</title>');
    await writeFile(join(outDir, 'en', 'catalogue', 'index.html'), '<!doctype html><title>Catalogue</title>');
    await writeFile(join(outDir, '_astro', 'app.1a2b3c.js'), 'console.log(1)');
    await writeFile(join(outDir, 'data', 'listings.json'), '[]');
    // A fixed build time: the manifest is then one of the unchanged files.
    await writeManifest(outDir, { builtAt: '2026-11-25T00:00:00.000Z' });
  };
const FILES = [
  '404.html',
  '_astro/app.1a2b3c.js',
  'data/listings.json',
  'en/catalogue/index.html',
  'index.html',
  'site-manifest.json',
];

let s3: S3Server;
let t: TestApp;
const builder = steeredBuilder(site('v1'));
beforeAll(async () => {
  s3 = await startS3();
  t = await buildTestApp({
    siteBuilder: builder.build,
    env: { ...s3.env, SITE_STORE: 's3', SITE_S3_BUCKET: SITE_BUCKET, SITE_S3_PREFIX: 'www' },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const pointer = async () =>
  JSON.parse((await s3.bytes(SITE_BUCKET, 'www/current.json')).toString()) as SitePointer;
const filesOf = async (build: string) =>
  (await s3.keys(SITE_BUCKET, `www/builds/${build}/`)).map((k) => k.slice(`www/builds/${build}/`.length));
/** Publishes through the API and answers what the bucket saw meanwhile (writes by kind, under the new build). */
async function publishOnce() {
  await s3.drain();
  const res = await t.app.inject({ method: 'POST', url: '/api/publish', headers: t.auth });
  expect(res.statusCode, res.body).toBe(202);
  const outcome = await t.app.publisher.settled();
  expect(outcome?.ok, outcome?.error).toBe(true);
  const { events } = await s3.drain();
  const now = await pointer();
  const under = (name: string) =>
    events
      .filter((e) => e.name === name && e.key.startsWith(now.root))
      .map((e) => e.key.slice(now.root.length))
      .sort();
  // The switch comes after every file of the build is in the bucket.
  const switched = events.findIndex((e) => e.key === 'www/current.json');
  expect(switched).toBeGreaterThan(events.findLastIndex((e) => e.key.startsWith(now.root)));
  return { now, put: under('ObjectCreated:Put'), copied: under('ObjectCreated:Copy') };
}

describe('publishing the site to a bucket', () => {
  let first: SitePointer;
  let second: SitePointer;

  it('uploads every file of the first build, then points current.json at it', async () => {
    const { now, put, copied } = await publishOnce();
    first = now;
    expect(now).toMatchObject({ root: `www/builds/${now.build}/`, previous: null });
    expect(put).toEqual(FILES);
    expect(copied).toEqual([]);
    expect(await filesOf(now.build)).toEqual(FILES);
    const page = await s3.head(SITE_BUCKET, `${now.root}index.html`);
    expect([page.ContentType, page.CacheControl]).toEqual(['text/html; charset=utf-8', 'no-cache']);
    const asset = await s3.head(SITE_BUCKET, `${now.root}_astro/app.1a2b3c.js`);
    expect(asset.CacheControl).toBe('public, max-age=31536000, immutable');
    // The local site is online too, and the publish says what went to the bucket.
    expect((await t.app.inject('/')).body).toContain('v1');
    const audit = await t.app.inject({ url: '/api/audit?entity=site&limit=1', headers: t.auth });
    expect(audit.json<{ data: AuditEntry[] }>().data[0]?.detail).toContain(
      `bucket ndako-site (${now.root}) : 6 fichiers envoyés, 0 inchangés`,
    );
  });

  it('sends only the changed file of the next build, copies the others, and switches the pointer', async () => {
    builder.use(site('v2'));
    const { now, put, copied } = await publishOnce();
    second = now;
    expect(now.build).not.toBe(first.build);
    expect(now.previous).toBe(first.build);
    expect(put).toEqual(['index.html']);
    expect(copied).toEqual(FILES.filter((f) => f !== 'index.html'));
    expect((await s3.bytes(SITE_BUCKET, `${now.root}index.html`)).toString()).toContain('v2');
    // The previous build is whole, as it was: an operator can point back at it.
    expect(await filesOf(first.build)).toEqual(FILES);
    expect((await s3.bytes(SITE_BUCKET, `${first.root}index.html`)).toString()).toContain('v1');
  });

  it('keeps the build it replaces and deletes the older ones', async () => {
    builder.use(site('v3'));
    const { now, put } = await publishOnce();
    expect(now.previous).toBe(second.build);
    expect(put).toEqual(['index.html']);
    expect(await filesOf(second.build)).toEqual(FILES);
    expect(await filesOf(first.build)).toEqual([]);
    expect(await s3.keys(SITE_BUCKET, 'www/manifests/')).toEqual(
      [second.build, now.build].map((b) => `www/manifests/${b}.json`).sort(),
    );
  });

  it('fails the publish and keeps both sites when the bucket cannot be written', async () => {
    const before = await pointer();
    builder.use(site('v4'));
    const broken = await buildTestApp({
      siteBuilder: builder.build,
      env: { ...s3.env, SITE_STORE: 's3', SITE_S3_BUCKET: 'no-such-bucket', SITE_S3_PREFIX: 'www' },
    });
    try {
      broken.app.publisher.publish({ id: null, name: 'Test' });
      const outcome = await broken.app.publisher.settled();
      expect(outcome?.ok).toBe(false);
      expect(outcome?.error).toMatch(
        /^L’envoi du site au bucket no-such-bucket a échoué .* le site en ligne est conservé$/,
      );
      expect((await broken.app.inject('/')).body).not.toContain('v4');
    } finally {
      await broken.close();
    }
    expect(await pointer()).toEqual(before);
  });
});
