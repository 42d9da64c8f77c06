import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../src/build/precompress.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createProperty } from '../helpers/fixtures.ts';

let t: TestApp;
const page = `<!doctype html><title>Accueil</title>${'<p>Maison à vendre à Gombe</p>'.repeat(200)}`;
beforeAll(async () => {
  t = await buildTestApp();
  await mkdir(t.env.SITE_DIR, { recursive: true });
  const file = join(t.env.SITE_DIR, 'index.html');
  await writeFile(file, page);
  expect(await precompressFile(file)).toBeGreaterThan(page.length / 2);
});
afterAll(() => t.close());

describe('compression', () => {
  it('sends the build’s Brotli or gzip copy of a page to browsers that accept it, the page itself otherwise', async () => {
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    expect(br.rawPayload.length).toBeLessThan(page.length / 10);
    expect(String(br.headers.vary).toLowerCase()).toMatch(/accept-encoding/);

    const gz = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page);

    const plain = await t.app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('sends binary files as they are: a body that is gzip data is never labelled with another encoding', async () => {
    const gzipData = gzipSync(Buffer.from('x'.repeat(5000) + 'Pagefind-like index'));
    await writeFile(join(t.env.SITE_DIR, 'index.pf_meta'), gzipData);
    const res = await t.app.inject({
      url: '/index.pf_meta',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(gzipData)).toBe(true);
  });

  it('compresses API answers over 1 KB on the fly', async () => {
    for (let i = 0; i < 5; i++) await createProperty(t, { title: `Appartement ${i} à Limete` });
    const res = await t.app.inject({ url: '/api/properties', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).total).toBe(5);
    expect(String(res.headers.vary).toLowerCase()).toMatch(/accept-encoding/);
    expect(String(res.headers.vary).toLowerCase()).toMatch(/origin/);
  });
});

describe('the listing read cache', () => {
  it('reuses an answer until a staff write to listings or the team, and never serves a stale one after it', async () => {
    const p = await createProperty(t, { title: 'Studio à Bandalungwa' });
    const first = await t.app.inject(`/api/properties/${p.id}`);
    const again = await t.app.inject(`/api/properties/${p.id}`);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);

    // A visitor's view moves a count only: the cached answer stays (its count up to 3 s old).
    const view = await t.app.inject({ method: 'PATCH', url: `/api/properties/${p.id}/view` });
    expect(view.statusCode).toBe(200);
    expect(view.json<{ viewCount: number }>().viewCount).toBe(1);
    const cached = await t.app.inject(`/api/properties/${p.id}`);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.body).toBe(first.body);

    await t.app.inject(`/api/properties?q=Bandalungwa`);
    const put = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${p.id}/status`,
      headers: t.auth,
      payload: { status: 'sold' },
    });
    expect(put.statusCode).toBe(200);
    const list = await t.app.inject(`/api/properties?q=Bandalungwa`);
    expect(list.headers['x-cache']).toBeUndefined();
    expect(list.json<{ data: { status: string }[] }>().data[0]?.status).toBe('sold');
  });
});
