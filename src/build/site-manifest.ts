import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../contract/site-manifest.ts';
import { DEFAULT_LANG, LANGS } from '../i18n/core.ts';
import { inlineScriptHashes } from './csp-hashes.ts';
import { listingOf, recordPageHashes, reusedPageHashes } from './incremental.ts';
import { pageFacts } from './page-pass.ts';
import { fixedPageCount, pageRoutes } from './page-paths.ts';
import { filesUnder } from './walk.ts';

/** The search page runs Pagefind's WebAssembly (src/components/search); no other page may. */
const WASM_ROUTES = ['search'];

/** The file answering an unknown address in a language: Astro writes the default language's as 404.html. */
function notFoundFiles(root: string, prefix: string): SiteManifest['notFound'][string] {
  const page = [`${prefix}404.html`, `${prefix}404/index.html`].find((f) => existsSync(join(root, f)));
  const listing = `${prefix}property-not-found/index.html`;
  return {
    page: page ?? '404.html',
    listing: existsSync(join(root, listing)) ? listing : null,
  };
}

/** What an incremental build knows of its reused pages: their inline-script hashes, without reading them. */
export interface KnownPages {
  files: ReadonlySet<string>;
  hashes: readonly string[];
}

/**
 * The manifest of the build in `root`, from its HTML files and the page sources it was built from. `known`
 * pages are counted but not read; `onPage` hears the hashes of each page read.
 */
export async function siteManifest(
  root: string,
  builtAt = new Date(),
  known: KnownPages = { files: new Set(), hashes: [] },
  onPage: (file: string, hashes: string[]) => void = () => {},
): Promise<SiteManifest> {
  const hashes = new Set<string>(known.hashes);
  let pages = 0;
  for await (const file of filesUnder(root, /\.html$/)) {
    pages += 1;
    if (known.files.has(file)) continue;
    // Worked out beside the rendering (page-pass.ts), or here for a page the page worker did not see.
    const found = (await pageFacts(file))?.scripts ?? inlineScriptHashes(await readFile(file, 'utf8'));
    onPage(file, found);
    for (const hash of found) hashes.add(hash);
  }
  const languages = LANGS.map((code) => ({ code, prefix: code === DEFAULT_LANG ? '' : `${code}/` }));
  return {
    v: 1,
    builtAt: builtAt.toISOString(),
    languages,
    routes: pageRoutes(),
    wasmRoutes: WASM_ROUTES,
    notFound: Object.fromEntries(languages.map(({ prefix }) => [prefix, notFoundFiles(root, prefix)])),
    scriptHashes: [...hashes].sort(),
    fixedPages: fixedPageCount(),
    pages,
  };
}

/** After the build: writes the manifest the server reads (src/server/services/site-manifest.ts). */
export function siteManifestWriter(): AstroIntegration {
  return {
    name: 'ndako-site-manifest',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // An incremental build's reused pages are not read again: their hashes are the build online's.
        const byListing = new Map<number, string[]>();
        const manifest = await siteManifest(
          dir.pathname,
          new Date(),
          await reusedPageHashes(dir.pathname),
          (file, found) => {
            const id = listingOf(dir.pathname, file);
            if (id !== null) byListing.set(id, [...(byListing.get(id) ?? []), ...found]);
          },
        );
        await recordPageHashes(dir.pathname, byListing);
        await writeFile(join(dir.pathname, SITE_MANIFEST_FILE), JSON.stringify(manifest));
        logger.info(
          `${SITE_MANIFEST_FILE}: ${manifest.pages} pages, ${manifest.scriptHashes.length} inline script hash(es)`,
        );
      },
    },
  };
}
