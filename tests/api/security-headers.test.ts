import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { writeManifest } from '../helpers/site-builder.ts';

const SITE = 'https://ndako.example';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { PUBLIC_URL: SITE, MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png' },
  });
  await mkdir(t.env.SITE_DIR, { recursive: true });
  await writeFile(join(t.env.SITE_DIR, 'index.html'), '<!doctype html><script>go()</script>');
  await writeManifest(t.env.SITE_DIR, { scriptHashes: ["'sha256-abc='"] });
});
afterAll(() => t.close());

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
};

describe('security headers', () => {
  it('pages get a CSP that allows only the build’s recorded inline scripts', async () => {
    const res = await t.app.inject('/');
    expect(res.headers).toMatchObject(COMMON);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example");

    // A revalidated page keeps the policy the browser cached with it.
    const etag = String(res.headers.etag);
    const revalidated = await t.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();

    // A new build's hashes are used without a restart.
    await writeManifest(t.env.SITE_DIR, { scriptHashes: ["'sha256-new='"] });
    const again = await t.app.inject('/');
    expect(String(again.headers['content-security-policy'])).toContain("'sha256-new='");
  });

  it('only the admin’s pages may ask for the position, none for the camera or the microphone', async () => {
    const policy = async (url: string) => String((await t.app.inject(url)).headers['permissions-policy']);
    for (const url of ['/', '/properties/', '/api/health', '/administration'])
      expect(await policy(url), url).toContain('geolocation=()');
    for (const url of ['/admin', '/admin/properties', '/admin?x=1'])
      expect(await policy(url), url).toContain('geolocation=(self)');
    for (const url of ['/', '/admin/properties'])
      expect(await policy(url)).toMatch(/camera=\(\), microphone=\(\)/);
  });

  it('only the search pages may compile WebAssembly (Pagefind)', async () => {
    for (const lang of ['', 'en/', 'ln/']) {
      await mkdir(join(t.env.SITE_DIR, lang, 'search'), { recursive: true });
      await writeFile(join(t.env.SITE_DIR, lang, 'search', 'index.html'), '<!doctype html><p>search');
      await mkdir(join(t.env.SITE_DIR, lang, 'searches'), { recursive: true });
      await writeFile(join(t.env.SITE_DIR, lang, 'searches', 'index.html'), '<!doctype html><p>other');
    }
    for (const url of ['/search/', '/search/?q=piscine', '/en/search/?q=pool&type=Rent', '/ln/search/']) {
      const res = await t.app.inject(url);
      expect(String(res.headers['content-security-policy']), url).toContain(
        "script-src 'self' 'wasm-unsafe-eval' 'sha256-",
      );
    }
    for (const url of ['/', '/searches/', '/en/searches/?q=/search/', '/fr/search/']) {
      const res = await t.app.inject(url);
      expect(String(res.headers['content-security-policy']), url).not.toContain('wasm');
    }
  });

  it('API answers, errors and media may not run or embed anything', async () => {
    for (const url of [
      '/api/properties',
      '/api/nowhere',
      '/media/0123456789abcdef0123456789abcdef-480.webp',
    ]) {
      const res = await t.app.inject(url);
      expect(res.headers, url).toMatchObject(COMMON);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
    }
  });

  it('the build’s scripts and styles carry nosniff and none of the page-level headers', async () => {
    await mkdir(join(t.env.SITE_DIR, '_astro'), { recursive: true });
    await writeFile(join(t.env.SITE_DIR, '_astro', 'app.B1x-9z_q.js'), 'export const a = 1;');
    await writeFile(join(t.env.SITE_DIR, '_astro', 'Base.BqXeOAOR.css'), 'a{color:red}');
    await writeFile(
      join(t.env.SITE_DIR, '_astro', 'logo.7GO5PaJy.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    for (const url of ['/_astro/app.B1x-9z_q.js', '/_astro/Base.BqXeOAOR.css']) {
      const res = await t.app.inject({ url, headers: { origin: SITE } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'strict-transport-security',
        'referrer-policy',
        'cross-origin-opener-policy',
        'permissions-policy',
      ])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      expect(String(res.headers.vary ?? ''), url).not.toMatch(/origin/i);
    }
    // Anything else there (a picture, which an SVG can be; a path that only looks like one) keeps them all.
    for (const url of [
      '/_astro/logo.7GO5PaJy.svg',
      '/_astro/x/y.js',
      '/_astro/app.B1x-9z_q.json',
      '/_astro/missing.C2y-0a_r.js',
    ]) {
      const res = await t.app.inject(url);
      expect(res.headers, url).toMatchObject(COMMON);
      expect(res.headers['content-security-policy'], url).toBeDefined();
    }
  });

  it('answers CORS for the site’s origin only', async () => {
    const own = await t.app.inject({ url: '/api/properties', headers: { origin: SITE } });
    expect(own.headers['access-control-allow-origin']).toBe(SITE);
    const foreign = await t.app.inject({
      url: '/api/properties',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/properties',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    const refused = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/properties',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the site on another origin than the API', () => {
  const CDN = 'https://www.ndako.example';
  const API = 'https://api.ndako.example';
  let split: TestApp;
  beforeAll(async () => {
    split = await buildTestApp({
      env: {
        PUBLIC_URL: CDN,
        CORS_ORIGINS: ' https://preview.ndako.example ,',
        PUBLIC_API_BASE: `${API}/api`,
      },
    });
    await mkdir(split.env.SITE_DIR, { recursive: true });
    await writeFile(join(split.env.SITE_DIR, 'index.html'), '<!doctype html><p>x</p>');
  });
  afterAll(() => split.close());

  it('lets pages call exactly the API origin', async () => {
    const csp = String((await split.app.inject('/')).headers['content-security-policy']);
    expect(csp.split('; ').find((d) => d.startsWith('connect-src'))).toBe(`connect-src 'self' ${API}`);
    const same = String((await t.app.inject('/')).headers['content-security-policy']);
    expect(same.split('; ').find((d) => d.startsWith('connect-src'))).toBe("connect-src 'self'");
  });

  it('answers CORS, preflights included, for the configured origins and no other', async () => {
    for (const origin of [CDN, 'https://preview.ndako.example']) {
      const preflight = await split.app.inject({
        method: 'OPTIONS',
        url: '/api/analytics/pageview',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode, origin).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
      expect(preflight.headers['access-control-allow-headers']).toContain('content-type');
    }
    for (const origin of [API, 'https://ndako.example.evil', 'null']) {
      const res = await split.app.inject({ url: '/api/properties', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});
