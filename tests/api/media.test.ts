import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Page, UploadResponse } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { agencyInput, createMember, createProperty, expectError, loginAsNew } from '../helpers/fixtures.ts';
import {
  makeImage,
  minimalMp4,
  minimalWebm,
  multipartBody,
  noisePng,
  pngClaiming,
  STORED_NAME,
  uploadForm,
} from '../helpers/media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const mediaDir = (app: TestApp = t) => join(app.env.DATA_DIR, 'media');
const files = async (app: TestApp = t) => (await readdir(mediaDir(app))).sort();
const fileOf = (url: string) => join(mediaDir(), url.replace(/^\/media\//, ''));
const upload = (form: FormData | string | Buffer, app: TestApp = t, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { ...app.auth, ...headers },
    payload: form,
  });
/** Every stored file of one media item: its url, thumbnail and variants. */
const storedFiles = (item: UploadResponse) =>
  [...new Set([item.url, item.thumbnail, ...(item.variants ?? []).map((v) => v.url)])].map(fileOf);

describe('accepted uploads', () => {
  it.each(['png', 'jpeg', 'webp', 'avif'] as const)(
    're-encodes a %s as WebP, served with long cache headers',
    async (format) => {
      const res = await upload(
        uploadForm(await makeImage(format, 1200, 800), `photo.${format}`, `image/${format}`, 'image'),
      );
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json<UploadResponse>();
      expect(item.id).toMatch(/^[a-f0-9]{32}$/);
      expect(item).toMatchObject({
        type: 'image',
        url: `/media/${item.id}-1200.webp`,
        thumbnail: `/media/${item.id}-thumb.webp`,
        width: 1200,
        height: 800,
      });
      expect(item.variants?.map((v) => v.width)).toEqual([480, 720, 960, 1200]);
      for (const file of storedFiles(item)) expect(existsSync(file), file).toBe(true);
      const served = await t.app.inject(item.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
      const thumb = await sharp(await readFile(fileOf(item.thumbnail))).metadata();
      expect([thumb.width, thumb.height]).toEqual([400, 300]);
    },
  );

  it('caps the dimensions of a large image', async () => {
    const item = (
      await upload(uploadForm(await makeImage('jpeg', 2400, 1200), 'big.jpg', 'image/jpeg'))
    ).json<UploadResponse>();
    expect([item.width, item.height]).toEqual([1600, 800]);
    const meta = await sharp(await readFile(fileOf(item.url))).metadata();
    expect(meta.width).toBe(1600);
  });

  it('strips the EXIF metadata of a JPEG', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret', Artist: 'secret' } } })
      .toBuffer();
    expect(jpeg.includes('secret')).toBe(true);
    const res = await upload(uploadForm(jpeg, 'exif.jpg', 'image/jpeg', 'image'));
    expect(res.statusCode, res.body).toBe(201);
    for (const file of storedFiles(res.json<UploadResponse>())) {
      const data = await readFile(file);
      expect(data.includes('secret')).toBe(false);
      expect((await sharp(data).metadata()).exif).toBeUndefined();
    }
  });

  it.each([
    ['MP4', minimalMp4(), 'clip.mp4', 'mp4', 'video/mp4'],
    ['WebM', minimalWebm(), 'clip.webm', 'webm', 'video/webm'],
  ])('keeps a %s video as sent, with a poster', async (_name, data, filename, ext, mime) => {
    const res = await upload(uploadForm(data, filename, mime, 'video'));
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<UploadResponse>();
    expect(item).toMatchObject({
      type: 'video',
      url: `/media/${item.id}.${ext}`,
      thumbnail: `/media/${item.id}-thumb.webp`,
    });
    expect(await readFile(fileOf(item.url))).toEqual(data);
    const served = await t.app.inject(item.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect((await sharp(await readFile(fileOf(item.thumbnail))).metadata()).format).toBe('webp');
  });

  it('accepts an upload without a declared type', async () => {
    const res = await upload(uploadForm(await makeImage('png', 100, 80), 'x.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<UploadResponse>().type).toBe('image');
  });

  it('stores a PNG with a <script> appended as a clean image', async () => {
    const polyglot = Buffer.concat([
      await makeImage('png', 300, 200),
      Buffer.from('<script>alert(document.cookie)</script>'),
    ]);
    const res = await upload(uploadForm(polyglot, 'poly.png', 'image/png', 'image'));
    expect(res.statusCode, res.body).toBe(201);
    for (const file of storedFiles(res.json<UploadResponse>())) {
      expect((await readFile(file)).includes('<script>')).toBe(false);
    }
  });

  it('stores a file named ../../etc/passwd.png under a random name inside the media folder', async () => {
    const res = await upload(
      uploadForm(await makeImage('png', 200, 100), '../../etc/passwd.png', 'image/png', 'image'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<UploadResponse>();
    expect(item.url).toMatch(/^\/media\/[a-f0-9]{32}-\d+\.webp$/);
    expect((await files()).every((name) => STORED_NAME.test(name))).toBe(true);
    expect(await readdir(t.env.DATA_DIR, { recursive: true })).not.toContainEqual(
      expect.stringContaining('passwd'),
    );
    expect(existsSync(join(mediaDir(), '..', '..', 'etc', 'passwd.png'))).toBe(false);
  });
});

describe('refused uploads', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
  const jpegThenGarbage = Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600', 'hex'),
    Buffer.alloc(4000, 0x41),
  ]);
  it.each([
    ['an SVG', () => uploadForm(svg, 'logo.svg', 'image/svg+xml', 'image')],
    ['an SVG named .png and declared image/png', () => uploadForm(svg, 'logo.png', 'image/png', 'image')],
    [
      'an HTML page',
      () =>
        uploadForm(
          '<!doctype html><html><body><script>alert(1)</script></body></html>',
          'page.html',
          'text/html',
        ),
    ],
    [
      'a text file named photo.jpg',
      () => uploadForm('just some text, not a photo', 'photo.jpg', 'image/jpeg', 'image'),
    ],
    [
      'a PDF',
      () => uploadForm('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF', 'doc.pdf', 'application/pdf'),
    ],
    [
      'a GIF',
      async () =>
        uploadForm(
          await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
          'a.gif',
          'image/gif',
        ),
    ],
    [
      'a PNG declared as a video',
      async () => uploadForm(await makeImage('png', 50, 50), 'a.png', 'image/png', 'video'),
    ],
    ['an MP4 declared as an image', () => uploadForm(minimalMp4(), 'a.mp4', 'video/mp4', 'image')],
    [
      'JPEG magic bytes followed by garbage',
      () => uploadForm(jpegThenGarbage, 'broken.jpg', 'image/jpeg', 'image'),
    ],
  ])('%s → 415', async (_name, form) => {
    const before = await files();
    expectError(await upload(await form()), 415);
    expect(await files()).toEqual(before);
  });

  it('refuses a pixel bomb (20000 × 20000 declared in a tiny PNG) with 413', async () => {
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2000);
    const before = await files();
    expectError(await upload(uploadForm(bomb, 'bomb.png', 'image/png', 'image')), 413);
    expect(await files()).toEqual(before);
  });

  it('answers 400 when there is no file, an empty file or a bad type field', async () => {
    const onlyType = new FormData();
    onlyType.append('type', 'image');
    expectError(await upload(onlyType), 400);
    expectError(await upload(uploadForm(Buffer.alloc(0), 'empty.png', 'image/png', 'image')), 400);
    expectError(await upload(uploadForm(await makeImage('png', 50, 50), 'a.png', 'image/png', 'audio')), 400);
  });

  it('answers 400, not 500, to a multipart body without boundary, truncated or garbled, and stores nothing', async () => {
    const body = multipartBody([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: await makeImage('png', 50, 50) },
    ]);
    const before = await files();
    for (const [payload, contentType] of [
      [body, 'multipart/form-data'],
      [body.subarray(0, body.length - 200), 'multipart/form-data; boundary=ndako-hostile-boundary'],
      [Buffer.from('not multipart at all'), 'multipart/form-data; boundary=ndako-hostile-boundary'],
    ] as const) {
      expectError(await upload(payload, t, { 'content-type': contentType }), 400);
    }
    expect(await files()).toEqual(before);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await upload(JSON.stringify({ file: 'aGVsbG8=' }), t, { 'content-type': 'application/json' });
    expectError(res, 415);
  });

  it('answers 4xx, never 5xx, to two files at once', async () => {
    const form = uploadForm(await makeImage('png', 50, 50), 'a.png', 'image/png', 'image');
    form.append(
      'file',
      new Blob([new Uint8Array(await makeImage('png', 60, 60))], { type: 'image/png' }),
      'b.png',
    );
    const res = await upload(form);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expectError(res, res.statusCode);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('size, pixel and rate caps from the configuration', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await buildTestApp({
      env: {
        MEDIA_MAX_IMAGE_MB: '0.01',
        MEDIA_MAX_VIDEO_MB: '0.02',
        MEDIA_MAX_MEGAPIXELS: '1',
        MEDIA_UPLOADS_PER_MINUTE: '10',
      },
    });
  });
  afterAll(() => small.close());

  it('answers 413 to an image over MEDIA_MAX_IMAGE_MB and to a file over MEDIA_MAX_VIDEO_MB', async () => {
    const image = await noisePng(70, 70);
    expect(image.length).toBeGreaterThan(0.011 * 1_048_576);
    expectError(await upload(uploadForm(image, 'noise.png', 'image/png', 'image'), small), 413);
    const video = Buffer.concat([minimalMp4(), Buffer.alloc(30_000)]);
    expectError(await upload(uploadForm(video, 'long.mp4', 'video/mp4', 'video'), small), 413);
    expect(await files(small)).toEqual([]);
    const smallVideo = Buffer.concat([minimalMp4(), Buffer.alloc(15_000)]);
    expect((await upload(uploadForm(smallVideo, 'short.mp4', 'video/mp4', 'video'), small)).statusCode).toBe(
      201,
    );
  });

  it('answers 413 to an image over MEDIA_MAX_MEGAPIXELS', async () => {
    const wide = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect(wide.length).toBeLessThan(0.01 * 1_048_576);
    expectError(await upload(uploadForm(wide, 'wide.webp', 'image/webp', 'image'), small), 413);
    const fits = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect((await upload(uploadForm(fits, 'fits.webp', 'image/webp', 'image'), small)).statusCode).toBe(201);
  });

  it('answers 429 in French past MEDIA_UPLOADS_PER_MINUTE calls of one account, whatever its address', async () => {
    const agent = await loginAsNew(small, 'agent');
    const from = (remoteAddress: string, form: FormData, headers = agent.auth) =>
      small.app.inject({ method: 'POST', url: '/api/media/upload', headers, remoteAddress, payload: form });
    // Refused calls count as well (a 400 here costs no image work).
    const empty = new FormData();
    for (let i = 0; i < 10; i++) expectError(await from(`198.51.100.${i + 1}`, empty), 400);
    const before = await files(small);
    const png = await makeImage('png', 32, 24);
    const refused = await from('198.51.100.99', uploadForm(png, 'a.png', 'image/png', 'image'));
    expect(expectError(refused, 429).message).toMatch(/^Trop de requêtes : réessayez dans \d+ secondes$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await files(small)).toEqual(before);
    // Another account, from the same address, has its own count.
    const admin = await from('198.51.100.99', uploadForm(png, 'a.png', 'image/png', 'image'), small.auth);
    expect(admin.statusCode, admin.body).toBe(201);
  });
});

describe('DELETE /api/media/{id}', () => {
  it('removes every file of an image, then answers 404', async () => {
    const item = (
      await upload(uploadForm(await makeImage('webp', 1000, 700), 'a.webp', 'image/webp'))
    ).json<UploadResponse>();
    const stored = storedFiles(item);
    expect(stored.length).toBeGreaterThanOrEqual(3);
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: t.auth });
    const res = await del();
    expect(res.statusCode).toBe(204);
    for (const file of stored) expect(existsSync(file), file).toBe(false);
    expect((await files()).some((name) => name.startsWith(item.id))).toBe(false);
    expect((await t.app.inject(item.url)).statusCode).toBe(404);
    expectError(await del(), 404);
  });

  it('removes a video and its poster', async () => {
    const item = (
      await upload(uploadForm(minimalWebm(), 'a.webm', 'video/webm', 'video'))
    ).json<UploadResponse>();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: t.auth })).statusCode,
    ).toBe(204);
    expect((await files()).some((name) => name.startsWith(item.id))).toBe(false);
  });

  it.each(['abc', 'ABCDEF0123456789ABCDEF0123456789', '..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(31)}g`])(
    'answers 400 to the id %s',
    async (id) => {
      expectError(await t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: t.auth }), 400);
    },
  );

  it('answers 404 to an unknown id', async () => {
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/media/${'0'.repeat(32)}`, headers: t.auth }),
      404,
    );
  });
});

describe('DELETE /api/media/{id} of a file still in use', () => {
  const uploadPng = async () =>
    (await upload(uploadForm(await makeImage('png', 64, 48), 'a.png', 'image/png'))).json<UploadResponse>();
  const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: t.auth });
  const mediaAudit = async () =>
    (await t.app.inject({ url: '/api/audit?entity=media', headers: t.auth })).json<Page<AuditEntry>>().data;

  it('is refused (409, naming the listing) while a listing shows it, and the files stay', async () => {
    const item = await uploadPng();
    const listing = await createProperty(t, { title: 'Villa aux photos', media: [item] });
    const res = await del(item.id);
    expect(expectError(res, 409).message).toContain('« Villa aux photos »');
    for (const file of storedFiles(item)) expect(existsSync(file), file).toBe(true);
    // The admin's edit: the listing is saved without the photo first, then the file is deleted.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${listing.id}`,
      headers: t.auth,
      payload: { ...listing, media: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await del(item.id)).statusCode).toBe(204);
    for (const file of storedFiles(item)) expect(existsSync(file), file).toBe(false);
  });

  it('is refused while a team member’s photo is one of its files', async () => {
    const item = await uploadPng();
    await createMember(t, { name: 'Photographiée', photo: item.thumbnail });
    expect(expectError(await del(item.id), 409).message).toContain('membre de l’équipe « Photographiée »');
    expect(existsSync(fileOf(item.thumbnail))).toBe(true);
  });

  // The logo every page shows was deletable by any agent.
  it('is refused while it is the agency’s logo, even to an agent; allowed once the logo changes', async () => {
    const item = await uploadPng();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/agency',
      headers: t.auth,
      payload: agencyInput({ logo: item.url }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const agent = await loginAsNew(t, 'agent', 'Agent Logo');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${item.id}`,
      headers: agent.auth,
    });
    expect(expectError(refused, 409).message).toContain('le logo de l’agence');
    for (const file of storedFiles(item)) expect(existsSync(file), file).toBe(true);
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/agency',
      headers: t.auth,
      payload: agencyInput({ logo: null }),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await del(item.id)).statusCode).toBe(204);
  });

  it('is audited: who deleted which file', async () => {
    const item = await uploadPng();
    expect((await del(item.id)).statusCode).toBe(204);
    expect((await mediaAudit())[0]).toMatchObject({
      actorName: 'Admin Test',
      action: 'delete',
      entity: 'media',
      label: item.url,
    });
  });
});
