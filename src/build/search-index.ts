import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { brotliCopies, minifyScript } from './search-index-brotli.ts';

/** Where the content search's index lives in the site: /pagefind/pagefind.js and its files. */
export const SEARCH_INDEX_DIR = 'pagefind';

/**
 * Writes Pagefind's index of the site just built into `root`/pagefind: the pages marked with
 * `data-pagefind-body` (listings, about, contact, legal), one index per `<html lang>`. It runs in the build
 * itself, so a publish switches in pages and their index together and the live site never searches an
 * index of another build (docs/decisions/0002-catalogue-search-on-the-listing-index.md). Its larger files
 * get Brotli copies (search-index-brotli.ts). `outputPath` is for the bench, which times the step again
 * without touching the served index.
 */
export async function writeSearchIndex(
  root: string,
  outputPath = join(root, SEARCH_INDEX_DIR),
): Promise<{ pages: number; seconds: number }> {
  const started = performance.now();
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: root });
    if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    await removeDefaultUi(outputPath);
    await minifyScript(outputPath);
    await brotliCopies(outputPath);
    return { pages: added.page_count, seconds: (performance.now() - started) / 1000 };
  } finally {
    await pagefind.close();
  }
}

/**
 * Pagefind also writes its ready-made search interfaces (about 400 KB before compression); the search page
 * uses its JavaScript API alone (src/scripts/search.ts), so they are not published.
 */
async function removeDefaultUi(dir: string) {
  for (const name of await readdir(dir))
    if (/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(name)) await rm(join(dir, name));
}

/** After the pages are written and before they are precompressed (pagefind.js gets its .br and .gz). */
export function searchIndex(): AstroIntegration {
  return {
    name: 'ndako-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { pages, seconds } = await writeSearchIndex(dir.pathname);
        logger.info(`${pages} pages indexed for the content search (Pagefind) in ${seconds.toFixed(1)} s`);
      },
    },
  };
}
