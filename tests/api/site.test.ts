import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { writeManifest } from '../helpers/site-builder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the public site beside the API', () => {
  it('says the site is being prepared until a build is there, then serves it without a restart', async () => {
    const before = await t.app.inject('/');
    expect(before.statusCode).toBe(503);
    expect(before.body).toContain('en cours de préparation');
    // Under the agency's own name (its stored settings; here the AGENCY_* defaults), never a fixed brand.
    expect(before.body).toContain(`<h1 style="color:#0f3d2e">${t.env.AGENCY_NAME}</h1>`);

    const dir = t.env.SITE_DIR;
    await mkdir(join(dir, '_astro'), { recursive: true });
    await mkdir(join(dir, 'en', '404'), { recursive: true });
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Accueil</title>');
    await writeFile(join(dir, '404.html'), '<!doctype html><title>Page introuvable</title>');
    await writeFile(join(dir, 'en', '404', 'index.html'), '<!doctype html><title>Page not found</title>');
    await writeFile(join(dir, '_astro', 'app.abc123.js'), 'console.log(1)');
    await writeManifest(dir);

    const home = await t.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Accueil');
    expect(home.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject('/_astro/app.abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('keeps the content search index files named by their content, and revalidates the ones that name them', async () => {
    const index = join(t.env.SITE_DIR, 'pagefind');
    const files = {
      'index/fr_1a2b3c4.pf_index': 'immutable',
      'fragment/en_0f9e8d7.pf_fragment': 'immutable',
      'filter/ln_abcdef1.pf_filter': 'immutable',
      'pagefind.fr_d13d5544fb.pf_meta': 'immutable',
      'pagefind-entry.json': 'no-cache',
      'pagefind.js': 'no-cache',
      'wasm.fr.pagefind': 'no-cache',
    };
    for (const [name, expected] of Object.entries(files)) {
      await mkdir(join(index, name, '..'), { recursive: true });
      await writeFile(join(index, name), 'x');
      const res = await t.app.inject(`/pagefind/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cache-control'], name).toContain(expected);
    }
  });

  it('answers unknown pages with the 404 page of their language, and unknown API routes with JSON', async () => {
    const fr = await t.app.inject('/nulle-part');
    expect(fr.statusCode).toBe(404);
    expect(fr.body).toContain('Page introuvable');
    const en = await t.app.inject('/en/nowhere');
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('Page not found');
    const api = await t.app.inject('/api/nowhere');
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toContain('/api/nowhere');
  });

  it('serves the service worker revalidated on every visit, under a policy that lets it fetch the site', async () => {
    await writeFile(join(t.env.SITE_DIR, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const sw = await t.app.inject('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
    // The build's other scripts carry no policy of their own: they run under their pages' (decision 0044).
    await mkdir(join(t.env.SITE_DIR, '_astro'), { recursive: true });
    await writeFile(join(t.env.SITE_DIR, '_astro', 'app.abc123.js'), 'export {};');
    const asset = await t.app.inject('/_astro/app.abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-security-policy']).toBeUndefined();
  });

  it('answers Save-Data: on with the smallest variant of a picture, and says responses vary on it', async () => {
    const media = join(t.env.DATA_DIR, 'media');
    await mkdir(media, { recursive: true });
    await writeFile(join(media, 'pic-480.webp'), 'small');
    await writeFile(join(media, 'pic-960.webp'), 'large picture');
    const plain = await t.app.inject('/media/pic-960.webp');
    expect(plain.body).toBe('large picture');
    expect(plain.headers.vary).toContain('Save-Data');
    const saving = await t.app.inject({ url: '/media/pic-960.webp', headers: { 'save-data': 'on' } });
    expect(saving.statusCode).toBe(200);
    expect(saving.body).toBe('small');
    expect(saving.headers.vary).toContain('Save-Data');
    // Without a smaller variant, the file asked for.
    await writeFile(join(media, 'solo-720.webp'), 'only one');
    const solo = await t.app.inject({ url: '/media/solo-720.webp', headers: { 'save-data': 'on' } });
    expect(solo.body).toBe('only one');
  });

  it('never serves files outside the site folder', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('"name": "ndako"');
    }
  });
});

describe('before the first site build', () => {
  it('answers a missing media file with 404, not with the "being prepared" page', async () => {
    const fresh = await buildTestApp();
    try {
      const res = await fresh.app.inject('/media/0123456789abcdef0123456789abcdef-480.webp');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('/media/');
    } finally {
      await fresh.close();
    }
  });
});

describe('a listing without a page', () => {
  it('answers 404 with the "Propriété non trouvée" page of its language', async () => {
    const dir = t.env.SITE_DIR;
    await mkdir(join(dir, 'property-not-found'), { recursive: true });
    await mkdir(join(dir, 'ln', 'property-not-found'), { recursive: true });
    await writeFile(join(dir, 'property-not-found', 'index.html'), '<title>Propriété non trouvée</title>');
    await writeFile(join(dir, 'ln', 'property-not-found', 'index.html'), '<title>Ndako ezwami te</title>');
    // As a build that has these pages: its manifest names them.
    await writeManifest(dir);
    const fr = await t.app.inject('/property/999999');
    expect(fr.statusCode).toBe(404);
    expect(fr.body).toContain('Propriété non trouvée');
    const ln = await t.app.inject('/ln/property/abc/');
    expect(ln.statusCode).toBe(404);
    expect(ln.body).toContain('Ndako ezwami te');
    expect((await t.app.inject('/nulle-part')).body).toContain('Page introuvable');
  });
});

describe('a build laid out otherwise than Astro lays it out today', () => {
  it('is served as its manifest says: its assets cached for good with nosniff alone, its home page under /home', async () => {
    const dir = t.env.SITE_DIR;
    await mkdir(join(dir, 'static'), { recursive: true });
    await mkdir(join(dir, 'en'), { recursive: true });
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Accueil</title>');
    await writeFile(join(dir, 'static', 'app.abc123.js'), 'export {};');
    await writeFile(join(dir, 'accueil.html'), '<!doctype html><title>Accueil ailleurs</title>');
    await writeFile(join(dir, 'en', 'accueil.html'), '<!doctype html><title>Home elsewhere</title>');
    await writeManifest(dir, { assets: 'static/', home: 'accueil.html' });
    try {
      const asset = await t.app.inject('/static/app.abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['x-frame-options']).toBeUndefined();
      expect((await t.app.inject('/home/quoi')).body).toContain('Accueil ailleurs');
      expect((await t.app.inject('/en/home/')).body).toContain('Home elsewhere');
    } finally {
      await writeManifest(dir);
    }
  });
});
