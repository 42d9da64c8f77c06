import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/contract/index.ts';
import { siteBucket, type SitePointer } from '../../src/server/publishing/site-bucket.ts';
import type { SiteBuilder } from '../../src/server/publishing/site-build.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { SITE_BUCKET, startS3, type S3Server } from '../helpers/s3-server.ts';
import { steeredBuilder, writeManifest } from '../helpers/site-builder.ts';

// SITE_STORE=s3: each publish uploads to the bucket (s3rver, started here) only the files no object has yet,
// objects being named by their content, then the build's shards and index, then switches current.json; the
// build it replaces is kept and older ones are deleted (decision 0030). site-bucket-size.test.ts publishes
// sites of more than 1,500 files.

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
    // The admin's pages stay on the API's origin (decision 0050): the bucket never has them.
    await mkdir(join(outDir, 'admin', 'login'), { recursive: true });
    await writeFile(join(outDir, 'admin', 'index.html'), '<!doctype html><title>Administration</title>');
    await writeFile(join(outDir, 'admin', 'login', 'index.html'), '<!doctype html><title>Connexion</title>');
    await writeFile(join(outDir, 'admin', 'index.html.br'), 'compressed copy for this server only');
    // A fixed build time: the manifest is then one of the unchanged files.
    await writeManifest(outDir, { pages: 2 });
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
let bucket: ReturnType<typeof siteBucket>;
const builder = steeredBuilder(site('v1'));
beforeAll(async () => {
  s3 = await startS3();
  bucket = siteBucket(s3.client, SITE_BUCKET, 'www');
  t = await buildTestApp({
    siteBuilder: builder.build,
    env: { ...s3.env, SITE_STORE: 's3', SITE_S3_BUCKET: SITE_BUCKET, SITE_S3_PREFIX: 'www' },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const pointer = async () => (await bucket.pointer())!;
/** Each path of a build and its object's key, read through its index and shards as an edge rule does. */
const filesOf = async (build: string) => (await bucket.files(build)) ?? new Map<string, string>();
const text = async (key: string | undefined) => (await s3.bytes(SITE_BUCKET, key!)).toString();

/** Publishes through the API and answers the paths whose bytes the bucket was sent. */
async function publishOnce() {
  await s3.drain();
  const res = await t.app.inject({ method: 'POST', url: '/api/publish', headers: t.auth });
  expect(res.statusCode, res.body).toBe(202);
  const outcome = await t.app.publisher.settled();
  expect(outcome?.ok, outcome?.error).toBe(true);
  const { events } = await s3.drain();
  const now = await pointer();
  const files = await filesOf(now.build);
  const written = new Set(events.filter((e) => e.name === 'ObjectCreated:Put').map((e) => e.key));
  // The switch comes after every object and the build's index are in the bucket.
  const switched = events.findIndex((e) => e.key === 'www/current.json');
  expect(events.slice(switched + 1).every((e) => e.name.startsWith('ObjectRemoved'))).toBe(true);
  expect(events.findIndex((e) => e.key === `www/builds/${now.build}.json`)).toBe(switched - 1);
  return {
    now,
    files,
    sent: [...files].filter(([, key]) => written.has(key)).map(([path]) => path),
    copied: events.filter((e) => e.name === 'ObjectCreated:Copy'),
  };
}

describe('publishing the site to a bucket', () => {
  let first: SitePointer;
  let second: SitePointer;

  it('uploads every file of the first build, then points current.json at it', async () => {
    const { now, files, sent, copied } = await publishOnce();
    first = now;
    expect(now).toMatchObject({ previous: null });
    expect(sent).toEqual(FILES);
    expect(copied).toEqual([]);
    expect([...files.keys()].sort()).toEqual(FILES);
    const page = await s3.head(SITE_BUCKET, files.get('index.html')!);
    expect([page.ContentType, page.CacheControl]).toEqual(['text/html; charset=utf-8', 'no-cache']);
    const asset = await s3.head(SITE_BUCKET, files.get('_astro/app.1a2b3c.js')!);
    expect(asset.CacheControl).toBe('public, max-age=31536000, immutable');
    const pointerHead = await s3.head(SITE_BUCKET, 'www/current.json');
    expect(pointerHead.CacheControl).toBe('no-cache');
    // The local site is online too, and the publish says what went to the bucket.
    expect((await t.app.inject('/')).body).toContain('v1');
    // The admin is not in the bucket (decision 0050) (FILES has none of it); the API serves it, with its policy.
    const admin = await t.app.inject('/admin/login/');
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('Connexion');
    expect(admin.headers['content-security-policy']).toContain("script-src 'self'");
    for (const key of await s3.keys(SITE_BUCKET)) {
      expect((await s3.bytes(SITE_BUCKET, key)).toString(), key).not.toMatch(/Administration|Connexion/);
    }
    const audit = await t.app.inject({ url: '/api/audit?entity=site&limit=1', headers: t.auth });
    expect(audit.json<{ data: AuditEntry[] }>().data[0]?.detail).toContain(
      `bucket ndako-site (www/builds/${now.build}.json) : 6 fichiers envoyés, 0 inchangés`,
    );
  });

  it('sends only the changed file of the next build, copies nothing, and switches the pointer', async () => {
    builder.use(site('v2'));
    const { now, files, sent, copied } = await publishOnce();
    second = now;
    expect(now.build).not.toBe(first.build);
    expect(now.previous).toBe(first.build);
    expect(sent).toEqual(['index.html']);
    expect(copied).toEqual([]);
    expect(await text(files.get('index.html'))).toContain('v2');
    // The previous build is whole, as it was: an operator can point back at it.
    const before = await filesOf(first.build);
    expect([...before.keys()].sort()).toEqual(FILES);
    expect(await text(before.get('index.html'))).toContain('v1');
    expect(before.get('404.html')).toBe(files.get('404.html'));
  });

  it('keeps the build it replaces and deletes the older ones', async () => {
    const oldHome = (await filesOf(first.build)).get('index.html')!;
    builder.use(site('v3'));
    const { now, sent } = await publishOnce();
    expect(now.previous).toBe(second.build);
    expect(sent).toEqual(['index.html']);
    expect([...(await filesOf(second.build)).keys()].sort()).toEqual(FILES);
    expect(await bucket.files(first.build)).toBeNull();
    expect(await s3.keys(SITE_BUCKET, 'www/builds/')).toEqual(
      [second.build, now.build].map((b) => `www/builds/${b}.json`).sort(),
    );
    // The first home page was only in the first build: its object went with it.
    expect(await s3.keys(SITE_BUCKET, 'www/objects/')).not.toContain(oldHome);
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
