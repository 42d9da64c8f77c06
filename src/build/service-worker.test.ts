import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  serviceWorkerSource,
  shortName,
  themeColours,
  webAppManifest,
  SW_CACHE_LIMITS,
} from './service-worker.ts';
import { ASSETS } from './site-manifest.ts';

/** The built worker run in a bare context: which requests it answers (respondWith) and which it leaves. */
async function worker() {
  const source = await serviceWorkerSource('test-build');
  const handlers: Record<string, (event: unknown) => void> = {};
  const self = {
    location: { origin: 'https://ndako.cd' },
    addEventListener: (type: string, fn: (event: unknown) => void) => (handlers[type] = fn),
  };
  // Nothing settles: only the worker's choice to answer or not is looked at.
  const pending = () => new Promise(() => {});
  runInNewContext(source, { self, caches: { match: pending }, fetch: pending, URL, Headers, Response });
  return (url: string, init: { method?: string; mode?: string; destination?: string } = {}) => {
    let answered = false;
    handlers.fetch!({
      request: {
        url,
        method: init.method ?? 'GET',
        mode: init.mode ?? 'cors',
        destination: init.destination ?? '',
        referrer: '',
        headers: new Headers(),
      },
      respondWith: () => (answered = true),
      waitUntil: () => {},
    });
    return answered;
  };
}

describe('the service worker', () => {
  it('carries the build identity and its stated limits', async () => {
    const source = await serviceWorkerSource('20261125-abc');
    expect(source).toContain('"build":"20261125-abc"');
    expect(source).toContain(`"maxEntries":${SW_CACHE_LIMITS.maxEntries}`);
    expect(source).toContain(`"assets":"${ASSETS}"`);
    expect(source).not.toContain('__NDAKO_SW__');
  });

  it('is the TypeScript worker compiled: no type left, no comment, minified', async () => {
    const source = await serviceWorkerSource('b');
    expect(source).not.toMatch(/WorkerConfig|FetchEvent|\/\/ |\/\*\*/);
    expect(source.split('\n').length).toBeLessThan(5);
  });

  it('never answers the API or the admin, whatever the request', async () => {
    const answers = await worker();
    for (const url of [
      'https://ndako.cd/api/properties',
      'https://ndako.cd/api/auth/verify',
      'https://ndako.cd/api',
      'https://ndako.cd/admin',
      'https://ndako.cd/admin/',
      'https://ndako.cd/admin/settings',
    ]) {
      expect(answers(url), url).toBe(false);
      expect(answers(url, { mode: 'navigate' }), url).toBe(false);
    }
  });

  it('answers the site’s pages, scripts, data and media; never another origin or a write', async () => {
    const answers = await worker();
    expect(answers('https://ndako.cd/', { mode: 'navigate' })).toBe(true);
    expect(answers('https://ndako.cd/en/property/12/', { mode: 'navigate' })).toBe(true);
    expect(answers('https://ndako.cd/administration/', { mode: 'navigate' })).toBe(true);
    expect(answers('https://ndako.cd/_astro/cards.abc.js')).toBe(true);
    expect(answers('https://ndako.cd/data/catalogue.json')).toBe(true);
    expect(answers('https://ndako.cd/data/cards/3.json')).toBe(true);
    expect(answers('https://ndako.cd/media/abc-480.webp', { destination: 'image' })).toBe(true);
    expect(answers('https://tile.openstreetmap.org/1/2/3.png')).toBe(false);
    expect(answers('https://ndako.cd/', { method: 'POST', mode: 'navigate' })).toBe(false);
  });

  it('leaves the share pictures alone: drawn by the API for link previews, never kept (decision 0040)', async () => {
    const answers = await worker();
    expect(answers('https://ndako.cd/share/12.jpg')).toBe(false);
    expect(answers('https://ndako.cd/share/12.jpg', { destination: 'image' })).toBe(false);
    // Nothing is stored when the worker installs, so no list of pictures to fetch either.
    expect(await serviceWorkerSource('b')).not.toMatch(/\/share\//);
  });
});

describe('the web app manifest', () => {
  it('takes the site’s colours from its design tokens', async () => {
    expect(await themeColours(':root { --green-800: #123456; --cream: #fafafa; }')).toEqual({
      theme: '#123456',
      background: '#fafafa',
    });
    expect(await themeColours()).toEqual({ theme: '#0f3d2e', background: '#f7f5f0' });
  });

  it('names the app after the agency, in each language, starting at its home', () => {
    const colours = { theme: '#0f3d2e', background: '#f7f5f0' };
    const en = webAppManifest('en', { name: 'Maison Kin' }, colours);
    expect(en).toMatchObject({ name: 'Maison Kin', short_name: 'Maison Kin', start_url: '/en/', lang: 'en' });
    expect(en.description).toContain('Maison Kin');
    expect(webAppManifest('fr', { name: 'Ndako' }, colours).start_url).toBe('/');
    expect(shortName('Ndako Immobilier Kinshasa')).toBe('Ndako');
  });
});
