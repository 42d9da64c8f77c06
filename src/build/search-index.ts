import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { compress } from './compression.ts';
import { indexByLanguage } from './search-index-languages.ts';
import type { LanguageJob } from './search-index-worker.ts';
import { brotliCopies, minifyScript } from './search-index-brotli.ts';
import { withExactWords } from './lean-html.ts';
import { filesUnder } from './walk.ts';

export { searchablePart } from './lean-html.ts';

/** Where the content search's index lives in the site: /pagefind/pagefind.js and its files. */
export const SEARCH_INDEX_DIR = 'pagefind';

/** A searchable page: its file in the site and its lean searchable part (lean-html.ts). */
export interface SearchablePage {
  file: string;
  lean: string;
}

/**
 * The pages Pagefind is given, by language (the `<html lang>` of each lean part), in the order of their files:
 * the index is then the same, byte for byte, whichever build rendered which page (decision 0033). Each with
 * its exact words (decision 0051).
 */
export function byLanguage(pages: readonly SearchablePage[]): Map<string, LanguageJob['pages']> {
  const sorted = pages.filter((p) => p.lean).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const out = new Map<string, LanguageJob['pages']>();
  for (const { file, lean } of sorted) {
    const lang = /<html lang="([^"]+)"/.exec(lean)?.[1] ?? 'unknown';
    const list = out.get(lang) ?? [];
    list.push({ url: `/${file.replace(/index\.html$/, '')}`, content: withExactWords(lean) });
    out.set(lang, list);
  }
  return out;
}

/**
 * Writes Pagefind's index of `pages` into `outputPath`: the pages marked with `data-pagefind-body` (listings,
 * about, contact, legal), one index per language, without Pagefind's ready-made interfaces, its script
 * minified, every file with its compressed copies (Brotli copies of the index files, search-index-brotli.ts,
 * taken from `previous` when it holds the same file). Answers the files written, relative to `outputPath`.
 */
export async function writeSearchIndex(
  outputPath: string,
  pages: readonly SearchablePage[],
  previous?: string,
  signal?: AbortSignal,
): Promise<{ files: string[]; steps: string }> {
  let lap = performance.now();
  const steps: string[] = [];
  const step = (name: string) => {
    const now = performance.now();
    steps.push(`${name} ${((now - lap) / 1000).toFixed(1)} s`);
    lap = now;
  };
  await indexByLanguage(byLanguage(pages), outputPath, signal);
  signal?.throwIfAborted();
  step('Pagefind');
  await removeDefaultUi(outputPath);
  await minifyScript(outputPath);
  const copies = await brotliCopies(outputPath, previous);
  step(`Brotli copies (${copies.files} made, ${copies.reused} from the build online)`);
  // Its scripts get their copies like any text file of the site (pagefind.js at Brotli 11: compression.ts).
  for await (const file of filesUnder(outputPath, /\.(js|css)$/)) {
    const body = await readFile(file);
    const { br, gz } = await compress(body, `${SEARCH_INDEX_DIR}/${relative(outputPath, file)}`);
    if (br) await writeFile(`${file}.br`, br);
    if (gz) await writeFile(`${file}.gz`, gz);
  }
  const files: string[] = [];
  for await (const file of filesUnder(outputPath, /./)) files.push(relative(outputPath, file));
  return { files: files.sort(), steps: steps.join(', ') };
}

/**
 * Pagefind also writes its ready-made search interfaces (about 400 KB before compression); the search page
 * uses its JavaScript API alone (src/scripts/search.ts), so they are not published.
 */
async function removeDefaultUi(dir: string) {
  for (const name of await readdir(dir))
    if (/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(name)) await rm(join(dir, name));
}
