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

/** What each page parameter stands for: a listing's id, a commune's slug (src/shared/communes.ts). */
const PARAMS: Record<string, { source: string }> = {
  id: { source: '[0-9]+' },
  commune: { source: '[a-z0-9-]+' },
};
const paramOf = (part: string) => /^\[([a-z]+)\]$/i.exec(part)?.[1];

/** "property/[id].astro" → "property/[0-9]+"; "index.astro" → "" (the language's home); "communes/index.astro" → "communes". */
function pageSource(file: string): string | null {
  const route = file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '');
  if (NOT_ADDRESSES.has(route)) return null;
  return route
    .split('/')
    .map((part) => {
      const param = paramOf(part);
      if (param === undefined) return part.replace(/[^a-z0-9-]/gi, '\\$&');
      const known = PARAMS[param];
      if (!known) throw new Error(`Page ${file}: no address pattern for the parameter [${param}]`);
      return known.source;
    })
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
