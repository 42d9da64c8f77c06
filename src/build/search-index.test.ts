import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { leanHtml, leanSearchablePage, withExactWords } from './lean-html.ts';
import { filesOf, searchablePage } from './search-index-fixtures.ts';
import { searchablePart, writeSearchIndex } from './search-index.ts';

const dirs: string[] = [];
const scratch = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ndako-search-index-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await pagefind.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** What Pagefind writes of the index itself (writeSearchIndex then trims its UI and adds Brotli copies). */
const INDEX = /^(?:(?:index|fragment|filter)\/.*|.*\.pf_meta|pagefind-entry\.json|wasm\..*)$/;

describe('writeSearchIndex', () => {
  it('indexes each language side by side into the same files one Pagefind indexing every page writes', async () => {
    const site = await scratch();
    const paths: string[] = [];
    for (const [lang, prefix] of [
      ['fr', ''],
      ['en', 'en/'],
      ['ln', 'ln/'],
    ] as const)
      for (const n of [1, 2, 3, 4]) {
        const path = `${prefix}property/${n}/index.html`;
        await mkdir(join(site, path, '..'), { recursive: true });
        await writeFile(join(site, path), searchablePage(lang, n));
        paths.push(path);
      }
    await writeFile(join(site, '404.html'), '<!doctype html><html lang="fr"><main>introuvable</main></html>');

    const out = await scratch();
    // The lean parts the site renderer keeps of each page (page-worker.ts), in any order.
    const pages = await Promise.all(
      [...paths, '404.html'].reverse().map(async (file) => ({
        file,
        lean: leanSearchablePage(await readFile(join(site, file), 'utf8')) ?? '',
      })),
    );
    const { files } = await writeSearchIndex(out, pages);
    expect(files.filter((f) => f.startsWith('fragment/') && !/\.(br|gz)$/.test(f))).toHaveLength(12);

    // The reference: one Pagefind service, every page in the order of its path, with its exact words.
    const reference = await scratch();
    const { index } = await pagefind.createIndex({});
    for (const path of paths.sort()) {
      const part = searchablePart(await readFile(join(site, path), 'utf8'))!;
      await index!.addHTMLFile({
        url: `/${path.replace(/index\.html$/, '')}`,
        content: withExactWords(leanHtml(part)),
      });
    }
    await index!.writeFiles({ outputPath: reference });

    const [ours, theirs] = [await filesOf(out), await filesOf(reference)];
    const indexFiles = (m: Map<string, Buffer>) =>
      [...m.keys()].filter((f) => INDEX.test(f) && !/\.(br|gz)$/.test(f)).sort();
    expect(indexFiles(ours)).toEqual(indexFiles(theirs));
    expect(indexFiles(ours).filter((f) => f.startsWith('fragment/'))).toHaveLength(12);
    for (const f of indexFiles(theirs)) expect(ours.get(f)?.equals(theirs.get(f)!), f).toBe(true);
    const entry = JSON.parse(ours.get('pagefind-entry.json')!.toString()) as { languages: object };
    expect(Object.keys(entry.languages)).toEqual(['en', 'fr', 'ln']);
    // Pagefind's script is there, minified and compressed; its ready-made interfaces are not.
    expect(ours.has('pagefind.js')).toBe(true);
    expect(ours.has('pagefind.js.br')).toBe(true);
    expect([...ours.keys()].some((f) => f.startsWith('pagefind-ui'))).toBe(false);
  }, 60_000);
});
