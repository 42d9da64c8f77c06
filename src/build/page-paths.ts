import { readdirSync } from 'node:fs';

/** The page files of the public site: one per address, each built in every language. */
const PAGES_DIR = new URL('../pages/[...lang]/', import.meta.url);
/**
 * Page files that answer for addresses that are not pages of their own (not found, a listing not built yet,
 * and the service worker's answer without signal).
 */
const NOT_ADDRESSES = new Set(['404', 'property-not-found', 'offline']);

const pageFiles = (dir: URL) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => file.endsWith('.astro'));

/** "property/[id].astro" → "property/[0-9]+"; "index.astro" → "" (the language's home). */
function pageSource(file: string): string | null {
  const route = file.replace(/\.astro$/, '');
  if (NOT_ADDRESSES.has(route)) return null;
  if (route === 'index') return '';
  return route
    .split('/')
    .map((part) => (/^\[[a-z]+\]$/i.test(part) ? '[0-9]+' : part.replace(/[^a-z0-9-]/gi, '\\$&')))
    .join('/');
}

/**
 * The public pages' addresses without their language ('', 'properties', 'property/[0-9]+'…), as
 * regular-expression sources read from the page files themselves (src/pages/[...lang]), so a new page is
 * known without a second list to keep. The build writes them into the site's manifest for the server.
 */
export function pageRoutes(dir: URL = PAGES_DIR): string[] {
  return pageFiles(dir)
    .map(pageSource)
    .filter((route): route is string => route !== null)
    .sort();
}

/** Pages each language has besides one per listing (the not-found pages included): every file that is not
 *  a page per record (a `[param]` in its path, such as property/[id]). */
export function fixedPageCount(dir: URL = PAGES_DIR): number {
  return pageFiles(dir).filter((file) => !file.includes('[')).length;
}
