import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { AstroIntegration } from 'astro';
import { env } from '../env.ts';
import { listingOf, previousRecord, reusedFiles, writeRecord } from './incremental.ts';
import { leanSearchablePage, searchablePart } from './lean-html.ts';
import { pageFacts } from './page-pass.ts';
import { indexByLanguage } from './search-index-languages.ts';
import type { LanguageJob } from './search-index-worker.ts';
import { brotliCopies, minifyScript } from './search-index-brotli.ts';
import { filesUnder } from './walk.ts';

/** Where the content search's index lives in the site: /pagefind/pagefind.js and its files. */
export const SEARCH_INDEX_DIR = 'pagefind';

export { searchablePart };

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
): Promise<{ pages: number; recorded: number; seconds: number; steps: string }> {
  const started = performance.now();
  let lap = started;
  const steps: string[] = [];
  const step = (name: string) => {
    const now = performance.now();
    steps.push(`${name} ${((now - lap) / 1000).toFixed(1)} s`);
    lap = now;
  };
  const { byLanguage, pages, recorded } = await searchablePages(root);
  step('pages');
  await indexByLanguage(byLanguage, outputPath);
  step('Pagefind');
  await removeDefaultUi(outputPath);
  await minifyScript(outputPath);
  const previous = env().BUILD_PREVIOUS_DIR;
  const copies = await brotliCopies(outputPath, previous ? join(previous, SEARCH_INDEX_DIR) : undefined);
  step(`Brotli copies (${copies.files} made, ${copies.reused} from the build online)`);
  return { pages, recorded, seconds: (performance.now() - started) / 1000, steps: steps.join(', ') };
}

/** Pages read at once. */
const IN_FLIGHT = 64;
/**
 * The build record (incremental.ts) of each listing page's lean searchable part, by path in the site; ''
 * for a listing page that is not searchable (a listing no longer on the market).
 */
const RECORD = 'search';
type SearchParts = Record<string, string>;

/**
 * The searchable pages only, by language, each cut down to what Pagefind indexes. Pagefind's own walk parses
 * every page of the site whole (30,000 pages and 1.4 GB at 10,000 listings); a page without
 * `data-pagefind-body` is not indexed anyway, a listing page's body is under half of its bytes, and of
 * that body Pagefind reads a tenth (lean-html.ts): 848 MB became 56 MB for the 24,615 searchable pages of
 * the 10,000-listing demo, the same index. The listing pages an incremental build reused are not read again:
 * their lean parts come from the record of the build they were taken from. Pages are in the order of their
 * paths: the index is then the same, byte for byte, whichever build wrote them (decision 0033).
 */
async function searchablePages(root: string): Promise<{
  byLanguage: Map<string, LanguageJob['pages']>;
  pages: number;
  recorded: number;
}> {
  const files: string[] = [];
  for await (const file of filesUnder(root, /\.html$/)) files.push(file);
  files.sort();
  const previous = (await previousRecord<SearchParts>(root, RECORD))?.record ?? {};
  const record: SearchParts = {};
  let recorded = 0;
  const leanPart = async (file: string, path: string): Promise<string | null> => {
    const known = reusedFiles.has(file) ? previous[path] : undefined;
    if (known !== undefined) {
      recorded += 1;
      return known || null;
    }
    const facts = await pageFacts(file);
    return facts ? facts.lean : leanSearchablePage(await readFile(file, 'utf8'));
  };
  const byLanguage = new Map<string, LanguageJob['pages']>();
  let pages = 0;
  for (let i = 0; i < files.length; i += IN_FLIGHT) {
    const batch = files.slice(i, i + IN_FLIGHT).map((file) => ({ file, path: relative(root, file) }));
    const contents = await Promise.all(batch.map(({ file, path }) => leanPart(file, path)));
    for (const [j, content] of contents.entries()) {
      const { file, path } = batch[j]!;
      if (listingOf(root, file) !== null) record[path] = content ?? '';
      if (content === null) continue;
      const lang = /<html lang="([^"]+)"/.exec(content)?.[1] ?? 'unknown';
      const list = byLanguage.get(lang) ?? [];
      list.push({ url: `/${path.replace(/index\.html$/, '')}`, content });
      byLanguage.set(lang, list);
      pages += 1;
    }
  }
  await writeRecord(root, RECORD, record);
  return { byLanguage, pages, recorded };
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
        const { pages, recorded, seconds, steps } = await writeSearchIndex(dir.pathname);
        logger.info(
          `${pages} pages indexed for the content search (Pagefind) in ${seconds.toFixed(1)} s (${steps}); ` +
            `${recorded} listing pages not read again (the previous build's record)`,
        );
      },
    },
  };
}
