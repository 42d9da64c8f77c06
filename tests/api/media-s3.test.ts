import { eq } from 'drizzle-orm';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property, UploadResponse } from '../../src/contract/index.ts';
import { mediaPhoto } from '../../src/media/media-photo.ts';
import { media, properties } from '../../src/db/schema.ts';
import { s3MediaStore } from '../../src/media/s3-store.ts';
import { backupMedia, createBackup, restoreBackup } from '../../src/server/services/backup.ts';
import { seedDemo } from '../../src/demo/index.ts';
import { buildTestApp, openTestPglite, type TestApp } from '../helpers/app.ts';
import { createProperty, expectError } from '../helpers/fixtures.ts';
import {
  jpegClaiming,
  makeImage,
  minimalMp4,
  multipartBody,
  pngClaiming,
  STORED_NAME,
  uploadForm,
} from '../helpers/media.ts';
import { writeManifest } from '../helpers/site-builder.ts';
import { MEDIA_BUCKET, RESTORE_BUCKET, startS3, type S3Server } from '../helpers/s3-server.ts';

// MEDIA_STORE=s3 against a real S3-compatible server (s3rver) started here: uploads, their variants and
// deletions go to the bucket through the AWS SDK, addresses are answered under MEDIA_PUBLIC_BASE, and
// nothing a refused or hostile upload sent is left in it.

const BASE = 'https://media.ndako.test';
let s3: S3Server;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await buildTestApp({
    env: { ...s3.env, MEDIA_STORE: 's3', S3_BUCKET: MEDIA_BUCKET, MEDIA_PUBLIC_BASE: BASE },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const objects = () => s3.keys(MEDIA_BUCKET, 'media/');
const upload = (form: FormData | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { ...t.auth, ...headers },
    payload: form,
  });
/** The bucket key of an address the API answered. */
const keyOf = (url: string) => {
  expect(url.startsWith(`${BASE}/media/`), url).toBe(true);
  return url.slice(BASE.length + 1);
};
const itemKeys = (item: UploadResponse) =>
  [...new Set([item.url, item.thumbnail, ...(item.variants ?? []).map((v) => v.url)])].map(keyOf).sort();

describe('uploads in the bucket', () => {
  let item: UploadResponse;

  it('stores every variant and the thumbnail as objects, answered under MEDIA_PUBLIC_BASE', async () => {
    const res = await upload(
      uploadForm(await makeImage('png', 1200, 800), 'photo.png', 'image/png', 'image'),
    );
    expect(res.statusCode, res.body).toBe(201);
    item = res.json<UploadResponse>();
    expect(item).toMatchObject({
      url: `${BASE}/media/${item.id}-1200.webp`,
      thumbnail: `${BASE}/media/${item.id}-thumb.webp`,
    });
    expect(item.variants?.map((v) => v.url)).toEqual(
      [480, 720, 960, 1200].map((w) => `${BASE}/media/${item.id}-${w}.webp`),
    );
    expect(await objects()).toEqual(itemKeys(item));
    const head = await s3.head(MEDIA_BUCKET, keyOf(item.url));
    expect([head.ContentType, head.CacheControl]).toEqual([
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
    const meta = await sharp(await s3.bytes(MEDIA_BUCKET, keyOf(item.url))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
    // What a CDN in front of the bucket serves at that path (s3rver answers anonymous reads).
    const served = await fetch(`${s3.env.S3_ENDPOINT}/${MEDIA_BUCKET}/${keyOf(item.thumbnail!)}`);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(400);
    // Nothing on this server's disk, and it no longer serves /media/ itself.
    expect(await readdir(join(t.env.DATA_DIR, 'media')).catch(() => [])).toEqual([]);
    expect((await t.app.inject(`/media/${item.id}-480.webp`)).statusCode).toBe(404);
  });

  it('keeps addresses relative in the database, whichever form the admin sends back', async () => {
    const property = await createProperty(t, {
      media: [{ type: 'image', url: item.url, thumbnail: item.thumbnail, variants: item.variants }],
    } as never);
    expect(property.media[0]?.url).toBe(item.url);
    const [row] = await t.database.db
      .select({ media: properties.media })
      .from(properties)
      .where(eq(properties.id, property.id));
    const text = JSON.stringify(row?.media);
    expect(text).toContain(`"/media/${item.id}-1200.webp"`);
    expect(text).not.toContain(BASE);
    const read = await t.app.inject(`/api/properties/${property.id}`);
    expect(read.json<Property>().media[0]?.variants?.[0]?.url).toBe(`${BASE}/media/${item.id}-480.webp`);
  });

  it('lets the share pictures read an object by its name, within their size cap, never another host', async () => {
    const store = t.app.mediaStore;
    expect(await mediaPhoto(item.url, store, BASE)).toBeInstanceOf(Buffer);
    expect(await mediaPhoto(`/media/${item.id}-480.webp`, store, BASE)).toBeInstanceOf(Buffer);
    expect(await mediaPhoto(`https://elsewhere.test/media/${item.id}-480.webp`, store, BASE)).toBeNull();
    expect(await mediaPhoto(`${BASE}/media/missing.webp`, store, BASE)).toBeNull();
    expect(await store.read(`${item.id}-1200.webp`, 10)).toBeNull();
  });

  it('draws a listing’s share picture over its photo in the bucket (decision 0040)', async () => {
    const property = await createProperty(t, {
      media: [{ type: 'image', url: item.url, thumbnail: item.thumbnail, variants: item.variants }],
    } as never);
    const res = await t.app.inject(`/share/${property.id}.jpg`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    // An ETag only for a picture drawn with its photo: one drawn without it (unread) has none.
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
    // Cached on this instance's disk, never in the media bucket.
    expect(await readdir(join(t.env.DATA_DIR, 'cache', 'share'))).toHaveLength(1);
    expect((await objects()).some((key) => !key.endsWith('.webp'))).toBe(false);
  });

  it('removes every object of a deleted media', async () => {
    const second = (
      await upload(uploadForm(await makeImage('jpeg', 900, 600), 'b.jpg', 'image/jpeg'))
    ).json<UploadResponse>();
    const before = await objects();
    expect(before).toEqual(expect.arrayContaining(itemKeys(second)));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/media/${second.id}`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(204);
    expect(await objects()).toEqual(before.filter((k) => !itemKeys(second).includes(k)));
  });

  it('stores a video and its poster, and deletes both', async () => {
    const res = await upload(uploadForm(minimalMp4(), 'clip.mp4', 'video/mp4', 'video'));
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json<UploadResponse>();
    expect(video.url).toBe(`${BASE}/media/${video.id}.mp4`);
    expect((await s3.head(MEDIA_BUCKET, keyOf(video.url))).ContentType).toBe('video/mp4');
    await t.app.inject({ method: 'DELETE', url: `/api/media/${video.id}`, headers: t.auth });
    expect((await objects()).filter((k) => k.includes(video.id))).toEqual([]);
  });
});

describe('refused and hostile uploads against the bucket', () => {
  it.each([
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      415,
    ],
    ['HTML named .png', () => Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png', 415],
    ['a pixel bomb PNG', () => pngClaiming(60_000, 60_000), 'bomb.png', 413],
    [
      'a PNG whose pixels are garbage',
      async () => Buffer.concat([(await makeImage('png', 64, 64)).subarray(0, 33), Buffer.alloc(400, 7)]),
      'cut.png',
      415,
    ],
    ['a JPEG claiming 40,000 × 40,000 pixels', () => jpegClaiming(40_000, 40_000), 'big.jpg', 413],
  ])('refuses %s and leaves no object and no row', async (_label, make, name, status) => {
    const before = await objects();
    const rows = await t.database.db.$count(media);
    const res = await upload(uploadForm(await make(), name, 'image/png'));
    expectError(res, status);
    expect(await objects()).toEqual(before);
    expect(await t.database.db.$count(media)).toBe(rows);
  });

  it('re-encodes a polyglot under a random name: no payload byte and no sent name reaches the bucket', async () => {
    const png = await makeImage('png', 640, 480);
    const polyglot = Buffer.concat([
      png,
      Buffer.from('<?php system($_GET["c"]); ?><script>alert(1)</script>'),
    ]);
    const res = await upload(
      multipartBody([
        { name: 'type', data: 'image' },
        { name: 'file', filename: '../../../etc/cron.d/x.php.png', contentType: 'image/png', data: polyglot },
      ]),
      { 'content-type': 'multipart/form-data; boundary=ndako-hostile-boundary' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<UploadResponse>();
    for (const key of itemKeys(item)) {
      expect(key.slice('media/'.length)).toMatch(STORED_NAME);
      const text = (await s3.bytes(MEDIA_BUCKET, key)).toString('latin1');
      for (const marker of ['<?php', '<script', 'cron', '.php']) expect(text).not.toContain(marker);
    }
  });
});

describe('with MEDIA_PUBLIC_BASE on another origin', () => {
  it('lets the pages load pictures and videos from it (CSP)', async () => {
    await mkdir(t.env.SITE_DIR, { recursive: true });
    await writeFile(join(t.env.SITE_DIR, 'index.html'), '<!doctype html><title>x</title>');
    await writeManifest(t.env.SITE_DIR);
    const csp = String((await t.app.inject('/')).headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/media\.ndako\.test[ ;]/);
    expect(csp).toContain("media-src 'self' blob: https://media.ndako.test");
  });
});

describe('backups with the media in a bucket', () => {
  it('archive every object, and a restore writes them into an empty bucket', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'ndako-s3-backup-'));
    const target = await openTestPglite();
    try {
      const names = (await objects()).map((k) => k.slice('media/'.length));
      expect(names.length).toBeGreaterThan(0);
      const backup = await createBackup({
        database: t.database,
        ...backupMedia(t.env),
        backupDir: join(scratch, 'backups'),
      });
      expect(backup.mediaFiles).toBe(names.length);
      const restoredBucket = s3MediaStore(s3.client, RESTORE_BUCKET);
      const restored = await restoreBackup({
        file: backup.file,
        database: target,
        mediaDir: join(scratch, 'media'),
        store: restoredBucket,
      });
      expect(restored.mediaFiles).toBe(names.length);
      expect((await restoredBucket.list()).sort()).toEqual(names.sort());
      const [name] = names;
      expect(await s3.bytes(RESTORE_BUCKET, `media/${name}`)).toEqual(
        await s3.bytes(MEDIA_BUCKET, `media/${name}`),
      );
      expect((await s3.head(RESTORE_BUCKET, `media/${name}`)).ContentType).toMatch(/^(image|video)\//);
      // A bucket with objects is not a restore target unless forced.
      await expect(
        restoreBackup({
          file: backup.file,
          database: target,
          mediaDir: join(scratch, 'media'),
          store: restoredBucket,
        }),
      ).rejects.toThrow(/not empty .* the media bucket/);
    } finally {
      await target.close();
      await rm(scratch, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('demo data in the bucket', () => {
  it('seeds its pictures as objects, and clearing it deletes them', async () => {
    const before = new Set(await objects());
    const seeded = await seedDemo(t.database, { media: t.app.mediaStore, properties: 3, maxPixels: 40_000 });
    expect(seeded.properties).toBe(3);
    const added = (await objects()).filter((k) => !before.has(k));
    expect(added.length).toBeGreaterThan(10);
    const res = await t.app.inject({ method: 'POST', url: '/api/demo/clear', headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect((await objects()).filter((k) => !before.has(k))).toEqual([]);
  }, 120_000);
});
