import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { leanSearchablePage } from '../lean-html.ts';
import { digest } from '../page-keys.ts';
import { SEARCH_INDEX_DIR, writeSearchIndex, type SearchablePage } from '../search-index.ts';
import { filesUnder } from '../walk.ts';
import {
  clearJournal,
  readLeanParts,
  readRecord,
  writeJournal,
  writeLeanParts,
  writeRecord,
  type PageEntry,
} from './record.ts';

/**
 * The content search's index (decision 0045). Pagefind cannot change an index: it makes a whole one from
 * every searchable page, 24,615 pages and some ten seconds of two cores at 10,000 listings. A publish that
 * changes a few pages therefore puts them online first, then brings the index up to date in a second
 * step, from the pages' lean parts kept between publishes (they are not read from the site again), and
 * swaps it in: new files beside the old, the entry that names them last, the old files removed after.
 * Until then the search answers from the index of the publish before, which still names every page it
 * finds (a listing deleted meanwhile opens its "not found" page).
 */

/** The lean parts this process holds, for the build they belong to. */
let memory: { build: string; parts: Map<string, string> } | null = null;

/** The lean parts of `live` (by their digest): this process's, or the build's stored ones. */
export async function leanStore(live: string | null, known: unknown): Promise<Map<string, string>> {
  if (!live || !known) return new Map();
  if (memory?.build === resolve(live)) return memory.parts;
  const stored = (await readLeanParts(live)) ?? {};
  memory = { build: resolve(live), parts: new Map(Object.entries(stored)) };
  return memory.parts;
}

/**
 * What Pagefind is given besides the lean parts: changed, every live index is behind and written again
 * (decision 0051 added the exact words).
 */
const INDEX_FORM = 'lean parts with exact words';

/** A digest of what the index must hold: each searchable page's file and lean part, in the index's form. */
export function searchDigest(pages: Record<string, PageEntry>): string {
  const parts = Object.values(pages)
    .filter((p) => p.search)
    .map((p) => `${p.file} ${p.search}`)
    .sort();
  return digest([INDEX_FORM, ...parts]);
}

/** The searchable pages of a build, their lean parts from `store` or, when missing, from their file. */
async function searchablePages(
  root: string,
  pages: Record<string, PageEntry>,
  store: Map<string, string>,
): Promise<SearchablePage[]> {
  const out: SearchablePage[] = [];
  for (const page of Object.values(pages)) {
    if (!page.search) continue;
    let lean = store.get(page.search);
    if (lean === undefined) {
      lean = leanSearchablePage(await readFile(join(root, page.file), 'utf8')) ?? '';
      store.set(page.search, lean);
    }
    out.push({ file: page.file, lean });
  }
  return out;
}

/** Keeps the lean parts the build's pages use, in this process and beside the build's record. */
async function keep(build: string, pages: Record<string, PageEntry>, store: Map<string, string>) {
  const used = new Map<string, string>();
  for (const { search } of Object.values(pages))
    if (search && store.has(search)) used.set(search, store.get(search)!);
  memory = { build: resolve(build), parts: used };
  await writeLeanParts(build, Object.fromEntries(used));
}

/** The index of a new build, written into it (a whole build has its index before it goes online). */
export async function writeFullSearchIndex(
  dest: string,
  pages: Record<string, PageEntry>,
  store: Map<string, string>,
  live: string | null,
): Promise<{ digest: string }> {
  const searchable = await searchablePages(dest, pages, store);
  await writeSearchIndex(
    join(dest, SEARCH_INDEX_DIR),
    searchable,
    live ? join(live, SEARCH_INDEX_DIR) : undefined,
  );
  await keep(dest, pages, store);
  return { digest: searchDigest(pages) };
}

/** Pagefind's files named by their content: one of the same name holds the same bytes. */
const NAMED_BY_CONTENT = /(?:^(?:index|fragment|filter)\/|^pagefind\.[a-z-]+_[0-9a-f]{7,}\.pf_meta)/;
/** The entry names the index's files: it goes in last, so no search ever reads a file not there yet. */
const ENTRY = /^pagefind-entry\.json(\.br|\.gz)?$/;

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([stat(a).catch(() => null), stat(b).catch(() => null)]);
  if (!x || !y || x.size !== y.size) return false;
  return (await readFile(a)).equals(await readFile(b));
}

/**
 * Brings the live build's search index up to date with its pages; answers whether it had to. `signal` stops
 * it before the swap, never during it.
 */
export async function refreshSearch(live: string, signal?: AbortSignal): Promise<boolean> {
  const record = await readRecord(live);
  if (!record) throw new Error(`the live build ${basename(live)} has no record to index from`);
  const wanted = searchDigest(record.pages);
  if (record.search?.digest === wanted) return false;
  const store = await leanStore(live, record);
  const pages = await searchablePages(live, record.pages, store);
  const index = join(live, SEARCH_INDEX_DIR);
  const scratch = await mkdtemp(join(dirname(live), `.${basename(live)}.search-`));
  try {
    const { files } = await writeSearchIndex(scratch, pages, index, signal);
    signal?.throwIfAborted();
    await writeJournal(live, { search: scratch });
    const ordered = [...files.filter((f) => !ENTRY.test(f)), ...files.filter((f) => ENTRY.test(f))];
    for (const file of ordered) {
      const target = join(index, file);
      const copy = /\.(br|gz)$/.test(file) ? file.replace(/\.(br|gz)$/, '') : file;
      if (
        existsSync(target) &&
        (NAMED_BY_CONTENT.test(copy) || (await sameBytes(join(scratch, file), target)))
      )
        continue;
      await mkdir(dirname(target), { recursive: true });
      await rename(join(scratch, file), target);
    }
    const keepFiles = new Set(files);
    for await (const file of filesUnder(index, /./)) {
      const path = file.slice(index.length + 1);
      if (!keepFiles.has(path)) await rm(file, { force: true });
    }
    for (const dir of await readdir(index, { withFileTypes: true }))
      if (dir.isDirectory() && (await readdir(join(index, dir.name))).length === 0)
        await rm(join(index, dir.name), { recursive: true });
    await writeRecord(live, { ...record, search: { digest: wanted } });
    await clearJournal(live);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  await keep(live, record.pages, store);
  return true;
}
