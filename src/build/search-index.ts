import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { brotliCopies, minifyScript } from './search-index-brotli.ts';
import { filesUnder } from './walk.ts';

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
    const added = await addSearchablePages(index, root);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    await removeDefaultUi(outputPath);
    await minifyScript(outputPath);
    await brotliCopies(outputPath);
    return { pages: added, seconds: (performance.now() - started) / 1000 };
  } finally {
    await pagefind.close();
  }
}

/** The part of a page Pagefind reads: its language and its `data-pagefind-body` element (a `<main>`). */
export function searchablePart(html: string): string | null {
  const mark = html.indexOf('data-pagefind-body');
  if (mark < 0) return null;
  const start = html.lastIndexOf('<main', mark);
  const end = html.lastIndexOf('</main>');
  if (start < 0 || end < mark) return null;
  const lang = /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? 'fr';
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>${html.slice(start, end + 7)}</body></html>`;
}

const IN_FLIGHT = 32;

/**
 * Gives Pagefind the searchable pages only, each cut down to what it indexes. Pagefind's own walk parses
 * every page of the site whole (30,000 pages and 1.4 GB at 10,000 listings); a page without
 * `data-pagefind-body` is not indexed anyway, and a listing page's body is under half of its bytes.
 */
async function addSearchablePages(index: pagefind.PagefindIndex, root: string): Promise<number> {
  const files: string[] = [];
  for await (const file of filesUnder(root, /\.html$/)) files.push(file);
  files.sort();
  let pages = 0;
  const errors: string[] = [];
  // Read ahead several at a time, but handed to Pagefind one by one in the order of their paths: the index
  // is then the same, byte for byte, whichever build wrote the pages (decision 0033).
  for (let i = 0; i < files.length; i += IN_FLIGHT) {
    const batch = files.slice(i, i + IN_FLIGHT);
    const contents = await Promise.all(batch.map(async (f) => searchablePart(await readFile(f, 'utf8'))));
    for (const [j, content] of contents.entries()) {
      if (!content) continue;
      const url = `/${relative(root, batch[j]!).replace(/index\.html$/, '')}`;
      const added = await index.addHTMLFile({ url, content });
      errors.push(...added.errors);
      pages += 1;
    }
  }
  if (errors.length) throw new Error(`Pagefind: ${errors.slice(0, 5).join('; ')}`);
  return pages;
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
