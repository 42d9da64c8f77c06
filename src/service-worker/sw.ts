import type { WorkerConfig } from './config.ts';

// Ndako's service worker (decision 0026). The build compiles it and writes it as /sw.js with its settings in
// place of `self.__NDAKO_SW__` (src/build/service-worker.ts): a new publish is a new sw.js, which the browser
// installs on its next visit; it then deletes every cache of the builds before it.
declare const self: ServiceWorkerGlobalScope & { __NDAKO_SW__: WorkerConfig };
const CONFIG = self.__NDAKO_SW__;

const CACHE = `ndako-${CONFIG.build}`;
/** Never answered, never stored: the API and the admin always go to the network as if there were no worker. */
const NEVER = /^\/(api|admin)(\/|$)/;
/** The folder of the build's fingerprinted scripts and styles, as the site manifest names it. */
const ASSETS = `/${CONFIG.assets}`;
/** The cache's size, stated: past either bound the oldest entries go first (the offline pages stay). */
const MAX_ENTRIES = CONFIG.maxEntries;
const MAX_BYTES = CONFIG.maxBytes;
const SIZE = 'x-ndako-bytes';

self.addEventListener('install', () => void self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('ndako-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** '' for French, 'en/' or 'ln/': the language of an address, for its offline page. */
function prefixOf(path: string) {
  const first = path.split('/')[1] ?? '';
  return CONFIG.prefixes.includes(`${first}/`) ? `${first}/` : '';
}
const offlinePage = (path: string) => `/${prefixOf(path)}offline/`;

/** Stores a copy of a response with its size, then trims the cache to its bounds. */
async function store(request: string, response: Response) {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set(SIZE, String(body.size));
  const cache = await caches.open(CACHE);
  await cache.delete(request);
  await cache.put(request, new Response(body, { status: response.status, headers }));
  await trim(cache);
}

async function trim(cache: Cache) {
  const keys = await cache.keys();
  const entries: { key: Request; size: number }[] = [];
  let bytes = 0;
  for (const key of keys) {
    const size = Number((await cache.match(key))?.headers.get(SIZE) ?? 0);
    bytes += size;
    entries.push({ key, size });
  }
  let count = entries.length;
  // cache.keys() lists entries in the order they were stored: the oldest first.
  for (const { key, size } of entries) {
    if (count <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    if (new URL(key.url).pathname.endsWith('/offline/')) continue;
    await cache.delete(key);
    count -= 1;
    bytes -= size;
  }
}

/** The offline page of a page's language, fetched once, so that a page never opened still has an answer. */
async function keepOfflinePage(path: string) {
  const offline = offlinePage(path);
  try {
    if (await caches.match(offline)) return;
    const r = await fetch(offline);
    if (r.ok) await store(offline, r);
  } catch {
    // Without signal: a later page fetches it.
  }
}

/** What a stored page may keep beside it: scripts and styles, data files, and a listing's pictures. */
function keptWith(page: string, path: string) {
  if (path.startsWith(ASSETS) || path.startsWith('/data/')) return true;
  return path.startsWith('/media/') && /\/property\/\d+\/?$/.test(page);
}

/**
 * The first page of a visit loaded before this worker ran: it sends the names of its performance entries
 * (the resources it loaded; the message's sender is the page), and the worker keeps them, from the browser's HTTP cache mostly.
 */
async function keepFirstPage(address: string, resources: readonly string[]) {
  const page = new URL(address);
  if (page.origin !== self.location.origin || NEVER.test(page.pathname)) return;
  const response = await fetch(page.pathname).catch(() => null);
  if (!response?.ok) return;
  await store(page.pathname, response);
  await keepOfflinePage(page.pathname);
  for (const resource of resources) {
    const url = new URL(resource, page);
    if (url.origin !== self.location.origin || !keptWith(page.pathname, url.pathname)) continue;
    if (await caches.match(url.pathname)) continue;
    const r = await fetch(url.pathname).catch(() => null);
    if (r?.ok) await store(url.pathname, r);
  }
}

self.addEventListener('message', (event) => {
  // The page's resources (strings); the page itself is the message's sender.
  const resources: unknown = event.data;
  if (event.source && Array.isArray(resources) && resources.every((r) => typeof r === 'string'))
    event.waitUntil(keepFirstPage((event.source as Client).url, resources));
});

/** Pages: the network first (a publish shows at once), the stored copy without signal, else the offline page. */
async function page(event: FetchEvent, url: URL) {
  try {
    const response = await fetch(event.request);
    if (response.ok && response.type === 'basic') {
      event.waitUntil(store(url.pathname, response.clone()).then(() => keepOfflinePage(url.pathname)));
    }
    return response;
  } catch (error) {
    const path = url.pathname;
    const hit =
      (await caches.match(path)) ??
      (path.endsWith('/') ? undefined : await caches.match(`${path}/`)) ??
      (await caches.match(offlinePage(path)));
    if (hit) return hit;
    throw error;
  }
}

/** Data files (the catalogue's index): the network first, since they change with each publish. */
async function data(event: FetchEvent, url: URL) {
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(store(url.pathname, response.clone()));
    return response;
  } catch (error) {
    const hit = await caches.match(url.pathname);
    if (hit) return hit;
    throw error;
  }
}

/** Fingerprinted scripts and styles, media files: they never change, so a stored copy is always right. */
async function immutable(event: FetchEvent, url: URL, keep: boolean) {
  const hit = await caches.match(url.pathname);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (keep && response.ok && response.type === 'basic')
    event.waitUntil(store(url.pathname, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate') return event.respondWith(page(event, url));
  if (url.pathname.startsWith(ASSETS)) return event.respondWith(immutable(event, url, true));
  if (url.pathname.startsWith('/data/')) return event.respondWith(data(event, url));
  if (url.pathname.startsWith('/media/') && request.headers.get('range') === null) {
    // A listing page's pictures (the ones it showed: the first photo, the thumbnails) are kept with it;
    // the catalogue's are only answered from the cache when a listing already kept them.
    const page = new URL(request.referrer || url).pathname;
    return event.respondWith(
      immutable(event, url, request.destination === 'image' && keptWith(page, url.pathname)),
    );
  }
});
