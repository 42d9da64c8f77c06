import type { SiteManifest } from '../contract/site-manifest.ts';
import { DEFAULT_LANG, LANGS } from '../i18n/core.ts';
import { pageRoutes } from './page-paths.ts';

/** The search page runs Pagefind's WebAssembly (src/components/search); no other page may. */
const WASM_ROUTES = ['search'];

/**
 * Where Astro writes the scripts and styles it names by their content: its `build.assets` folder, which
 * astro.config.mjs leaves at Astro's default. The build's one spelling of it: the manifest hands it to the
 * server, the service worker is written with it, and the compression picks those files out by it.
 */
export const ASSETS = '_astro/';

/** The file a page address was written to: `home/index.html` under `build.format: 'directory'`. */
const pageFile = (files: ReadonlySet<string>, route: string) =>
  [`${route}/index.html`, `${route}.html`].find((f) => files.has(f)) ?? `${route}/index.html`;

/** The file answering an unknown address in a language: Astro writes the default language's as 404.html. */
function notFoundFiles(files: ReadonlySet<string>, prefix: string): SiteManifest['notFound'][string] {
  const page = [`${prefix}404.html`, `${prefix}404/index.html`].find((f) => files.has(f));
  const listing = `${prefix}property-not-found/index.html`;
  return { page: page ?? '404.html', listing: files.has(listing) ? listing : null };
}

/**
 * The manifest of a build from what its record knows of its pages (src/build/render/record.ts): their
 * files and the hashes of their inline scripts.
 */
export function siteManifest(pages: readonly { file: string; scripts?: readonly string[] }[]): SiteManifest {
  const files = new Set(pages.map((p) => p.file));
  const hashes = new Set<string>();
  let html = 0;
  for (const page of pages) {
    if (!page.file.endsWith('.html')) continue;
    html += 1;
    for (const hash of page.scripts ?? []) hashes.add(hash);
  }
  const languages = LANGS.map((code) => ({ code, prefix: code === DEFAULT_LANG ? '' : `${code}/` }));
  return {
    v: 1,
    languages,
    routes: pageRoutes(),
    wasmRoutes: WASM_ROUTES,
    assets: ASSETS,
    home: pageFile(files, 'home'),
    notFound: Object.fromEntries(languages.map(({ prefix }) => [prefix, notFoundFiles(files, prefix)])),
    scriptHashes: [...hashes].sort(),
    pages: html,
  };
}
