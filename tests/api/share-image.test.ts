import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Property, UploadResponse } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { agencyInput, createProperty, expectError, propertyInput } from '../helpers/fixtures.ts';
import { makeImage, uploadForm } from '../helpers/media.ts';
import type * as ShareImage from '../../src/media/share-image.ts';
import { SHARE_RATE_LIMIT } from '../../src/server/routes/share.ts';
import { FAILED_PICTURE_TTL_MS } from '../../src/server/services/share-images.ts';

// GET /share/{id}.jpg (decision 0040): the API draws a listing's share picture on its first request, from
// the listing and the agency's name as stored now and the photo in the media store, and caches it in
// BUILD_CACHE_DIR/share under the hash of what it shows, which is also its ETag.

/** Every drawing, counted: the cache and the in-flight map are proven by drawings that do not happen. */
const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/media/share-image.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ShareImage>();
  return {
    ...original,
    drawShareImage: (...args: Parameters<typeof original.drawShareImage>) => {
      drawn.count++;
      return original.drawShareImage(...args);
    },
  };
});

let t: TestApp;
let cacheDir: string;
let photo: UploadResponse;
let listing: Property;
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'ndako-share-cache-'));
  t = await buildTestApp({ env: { BUILD_CACHE_DIR: cacheDir } });
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: t.auth,
    payload: uploadForm(await makeImage('jpeg', 1600, 1000, '#dc0000'), 'red.jpg', 'image/jpeg', 'image'),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  photo = upload.json<UploadResponse>();
  listing = await createProperty(t, { media: photoMedia() } as never);
});
afterAll(async () => {
  await t?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

/** The uploaded photo as the admin's form puts it in a listing. */
const photoMedia = () => [
  { type: 'image', url: photo.url, thumbnail: photo.thumbnail, variants: photo.variants },
];
const share = (id: number | string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: `/share/${id}.jpg`, headers });
const cached = () => (existsSync(join(cacheDir, 'share')) ? readdirSync(join(cacheDir, 'share')) : []);
/** The colour of the picture's top-left area, above the text and the gradient. */
async function corner(image: Buffer): Promise<number[]> {
  const data = await sharp(image).extract({ left: 300, top: 150, width: 1, height: 1 }).raw().toBuffer();
  return [...data];
}

describe('GET /share/{id}.jpg', () => {
  let etag: string;

  it('draws a listing’s picture over its uploaded photo: a 1200 × 630 JPEG under 300 KB, cached', async () => {
    const before = drawn.count;
    const res = await share(listing.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    const [r, g, b] = await corner(res.rawPayload);
    expect(r).toBeGreaterThan(150); // the red photo, read from the media store
    expect(g! + b!).toBeLessThan(80);
    expect(drawn.count).toBe(before + 1);
    // In BUILD_CACHE_DIR/share, named by the ETag's hash.
    const file = join(cacheDir, 'share', `${etag.slice(1, -1)}.jpg`);
    expect((await readFile(file)).equals(res.rawPayload)).toBe(true);
  });

  it('serves the next request from the cache, without drawing', async () => {
    const before = drawn.count;
    const files = cached();
    const res = await share(listing.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(etag);
    expect(drawn.count).toBe(before);
    expect(cached()).toEqual(files);
  });

  it('answers 304 to a matching If-None-Match, 200 to another, and HEAD', async () => {
    const before = drawn.count;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await share(listing.id, { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.headers.etag).toBe(etag);
      expect(res.rawPayload.length).toBe(0);
    }
    expect((await share(listing.id, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const head = await share(listing.id, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
    expect(drawn.count).toBe(before);
  });

  it('draws again when the title or the agency’s name changes: a new ETag', async () => {
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${listing.id}`,
      headers: t.auth,
      payload: propertyInput({ title: 'Villa rénovée à Kintambo', media: photoMedia() } as never),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = drawn.count;
    const edited = await share(listing.id, { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(edited.headers.etag).not.toBe(etag);
    expect(edited.rawPayload.equals((await share(listing.id)).rawPayload)).toBe(true);
    expect(drawn.count).toBe(before + 1);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/agency',
      headers: t.auth,
      payload: agencyInput({ name: 'Agence Renommée' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const again = await share(listing.id);
    expect([etag, edited.headers.etag]).not.toContain(again.headers.etag);
    expect(drawn.count).toBe(before + 2);
  });

  it('draws concurrent first requests once', async () => {
    const fresh = await createProperty(t, { title: 'Duplex à Limete', media: photoMedia() } as never);
    const before = drawn.count;
    const answers = await Promise.all(Array.from({ length: 6 }, () => share(fresh.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(drawn.count).toBe(before + 1);
  });

  it('draws a listing without photos; one whose photo is missing is not cached on disk, nor given an ETag', async () => {
    const bare = await createProperty(t, { title: 'Terrain nu', media: [] } as never);
    const res = await share(bare.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);

    const missing = await createProperty(t, {
      title: 'Photo perdue',
      media: [{ type: 'image', url: '/media/0123456789abcdef0123456789abcdef-1600.webp' }],
    } as never);
    const files = cached();
    const before = drawn.count;
    for (let i = 0; i < 3; i++) {
      const answer = await share(missing.id);
      expect(answer.statusCode).toBe(200);
      expect((await sharp(answer.rawPayload).metadata()).width).toBe(1200);
      expect(answer.headers.etag).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('public, max-age=60');
    }
    // Drawn once, then served from memory for a minute rather than redrawn at every request.
    expect(drawn.count).toBe(before + 1);
    expect(cached()).toEqual(files);
    // A minute on, it is drawn again (the photo may be back).
    const later = Date.now() + FAILED_PICTURE_TTL_MS + 1000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      expect((await share(missing.id)).statusCode).toBe(200);
    } finally {
      clock.mockRestore();
    }
    expect(drawn.count).toBe(before + 2);
  });

  it('is rate-limited per address (a drawing costs a core’s 75 ms), with the API’s JSON 429', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ url: `/share/${listing.id}.jpg`, remoteAddress, headers: { 'if-none-match': '"x"' } });
    for (let i = 0; i < SHARE_RATE_LIMIT.max; i++) expect((await from('198.51.100.36')).statusCode).toBe(200);
    expect(expectError(await from('198.51.100.36'), 429).message).toMatch(/Trop de requêtes/);
    expect((await from('198.51.100.37')).statusCode).toBe(200);
  });

  it('answers an unknown listing with the API’s JSON 404', async () => {
    const { message } = expectError(await share(2_000_000_000), 404);
    expect(message).toBe('Propriété introuvable');
  });

  it('answers a malformed address with a JSON 400 or 404, never a page or a 500', async () => {
    for (const id of ['abc', '0', '-1', '12.jpg', '012', '99999999999', '2147483648', '1e3']) {
      const { message } = expectError(await share(id), 400, id);
      expect(message).toMatch(/\/share\/\{numéro d'annonce\}\.jpg/);
    }
    for (const url of [`/share/${listing.id}.png`, `/share/${listing.id}`, '/share/1/2.jpg', '/share/']) {
      expectError(await t.app.inject(url), undefined, url);
    }
  });
});
