import { readdirSync } from 'node:fs';
import { DEFAULT_LANG, LANGS } from '../i18n/core.ts';

/** The page files of the public site: one per address, each built in every language. */
const PAGES_DIR = new URL('../pages/[...lang]/', import.meta.url);
/** Page files that answer for addresses that are not pages of their own (not found, a listing not built yet). */
const NOT_ADDRESSES = new Set(['404', 'property-not-found']);

/** "property/[id].astro" → "property/[0-9]+"; "index.astro" → "" (the language's home). */
function pageSource(file: string): string | null {
  const route = file.replace(/\.astro$/, '');
  if (route === file || NOT_ADDRESSES.has(route)) return null;
  if (route === 'index') return '';
  return route
    .split('/')
    .map((part) => (/^\[[a-z]+\]$/i.test(part) ? '[0-9]+' : part.replace(/[^a-z0-9-]/gi, '\\$&')))
    .join('/');
}

/**
 * The public pages' addresses in every language ("/", "/en/properties/", "/ln/property/12"…), read from the
 * page files themselves (src/pages/[...lang]), so a new page is accepted without a second list to keep.
 * The server runs from the sources, so the folder is there wherever the API runs.
 */
export function sitePagePattern(dir: URL = PAGES_DIR): RegExp {
  const routes = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => pageSource(file.replaceAll('\\', '/')))
    .filter((route): route is string => route !== null)
    .sort();
  const prefixes = LANGS.filter((l) => l !== DEFAULT_LANG).join('|');
  return new RegExp(`^(?=/)(?:/(?:${prefixes}))?(?:/(?:${routes.filter(Boolean).join('|')}))?/?$`);
}
