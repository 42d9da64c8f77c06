import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../build/csp-hashes.ts';
import { siteManifest } from '../../build/site-manifest.ts';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../contract/site-manifest.ts';
import { buildManifest, notFoundFile, pagePattern, runsWasm, siteManifestReader } from './site-manifest.ts';

// The manifest as the build writes it for a site laid out as Astro lays it out (404.html for French,
// en/404/index.html for the others), with the page routes read from the real src/pages.
let manifest: SiteManifest;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ndako-manifest-'));
  const files = [
    'index.html',
    '404.html',
    'en/404/index.html',
    'ln/404/index.html',
    'property-not-found/index.html',
  ];
  for (const lang of ['en/', 'ln/']) files.push(`${lang}property-not-found/index.html`);
  const html = '<!doctype html><script>go()</script><script type="application/ld+json">{}</script>';
  for (const file of files) {
    await mkdir(join(root, file, '..'), { recursive: true });
    await writeFile(join(root, file), html);
  }
  manifest = siteManifest(files.map((file) => ({ file, scripts: inlineScriptHashes(html) })));
});

describe('the build’s manifest', () => {
  it('lists the languages, the not-found pages Astro wrote, the inline scripts that run, and the page count', () => {
    expect(manifest.languages.map((l) => l.prefix)).toEqual(['', 'en/', 'ln/']);
    expect(manifest.notFound['']).toEqual({ page: '404.html', listing: 'property-not-found/index.html' });
    expect(manifest.notFound['en/']).toEqual({
      page: 'en/404/index.html',
      listing: 'en/property-not-found/index.html',
    });
    expect(manifest.scriptHashes).toHaveLength(1);
    expect(manifest.pages).toBe(7);
  });

  it('names where Astro wrote its fingerprinted files and the home page', () => {
    expect(manifest.assets).toBe('_astro/');
    expect(siteManifest([{ file: 'home/index.html' }]).home).toBe('home/index.html');
    expect(siteManifest([{ file: 'home.html' }]).home).toBe('home.html');
  });
});

describe('pagePattern: the pages the beacon counts', () => {
  it.each([
    '/',
    '/en',
    '/ln/',
    '/properties',
    '/properties/',
    '/en/properties/',
    '/property/12',
    '/ln/property/12/',
    '/favorites/',
    '/about',
    '/contact/',
    '/privacy',
    '/en/terms/',
    '/home',
  ])('accepts the page %s', (path) => expect(pagePattern(manifest).test(path)).toBe(true));

  it.each([
    '',
    '/wp-login.php',
    '/api/properties',
    '/property/abc',
    '/property/',
    '/property-not-found',
    '/404',
    '/de/properties',
    '/en/en/properties',
    '/admin',
    '/properties/x',
    '//evil.example/',
  ])('refuses %s', (path) => expect(pagePattern(manifest).test(path)).toBe(false));
});

describe('the server’s reading of it', () => {
  it('allows WebAssembly on the search pages alone', () => {
    for (const url of ['/search/', '/search?q=x', '/en/search/?q=pool', '/ln/search'])
      expect(runsWasm(manifest, url), url).toBe(true);
    for (const url of ['/', '/searches/', '/en/properties/?q=/search/', '/fr/search/'])
      expect(runsWasm(manifest, url), url).toBe(false);
  });

  it('answers an unknown address with its language’s page, and a listing without a page with the listing one', () => {
    expect(notFoundFile(manifest, '/nowhere')).toBe('404.html');
    expect(notFoundFile(manifest, '/en/nowhere/')).toBe('en/404/index.html');
    expect(notFoundFile(manifest, '/property/999')).toBe('property-not-found/index.html');
    expect(notFoundFile(manifest, '/ln/property/999/')).toBe('ln/property-not-found/index.html');
    expect(notFoundFile(manifest, '/english/property/9')).toBe('404.html');
  });

  it('reads the live manifest again when a publish replaces it, and says once when it is unreadable', async () => {
    const warnings: string[] = [];
    const read = siteManifestReader(root, (m) => warnings.push(m));
    expect(await read()).toBeNull();
    await writeFile(join(root, SITE_MANIFEST_FILE), JSON.stringify(manifest));
    expect((await read())?.pages).toBe(7);
    await writeFile(join(root, SITE_MANIFEST_FILE), JSON.stringify({ ...manifest, pages: 8 }));
    expect((await read())?.pages).toBe(8);
    await writeFile(join(root, SITE_MANIFEST_FILE), '{"v":2}');
    expect(await read()).toBeNull();
    expect(await read()).toBeNull();
    expect(warnings).toHaveLength(1);
  });

  it('reads a manifest written before it named the layout as Astro laid sites out then', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ndako-manifest-'));
    expect(await buildManifest(dir)).toBeNull();
    const earlier: Record<string, unknown> = { ...manifest };
    delete earlier.assets;
    delete earlier.home;
    await writeFile(join(dir, SITE_MANIFEST_FILE), JSON.stringify(earlier));
    const layout = { assets: '_astro/', home: 'home/index.html' };
    expect(await buildManifest(dir)).toMatchObject(layout);
    expect(await siteManifestReader(dir)()).toMatchObject(layout);
    await writeFile(join(dir, SITE_MANIFEST_FILE), JSON.stringify({ ...manifest, assets: 'static/' }));
    expect((await buildManifest(dir))?.assets).toBe('static/');
  });
});
