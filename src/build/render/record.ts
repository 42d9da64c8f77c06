import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { buildCacheDir, env } from '../../env.ts';

/**
 * A build's record (decision 0045), kept in BUILD_CACHE_DIR/builds/ under the build folder's name: every
 * page the build holds, with the key it was rendered for and what its file is, so the next publish knows
 * which pages to render again without reading the site. It is the truth about its build folder: a publish
 * that changes the folder in place writes a journal first and the new record last (apply.ts), and a
 * folder whose journal is still there (a publish cut off half-way) is never built upon again.
 */

export const RECORD_VERSION = 6;

export interface PageEntry {
  /** The page's key (src/build/page-keys.ts); absent for a route without one (rendered every time). */
  key?: string;
  /** Its file in the site ('property/12/index.html', 'sitemap.xml'). */
  file: string;
  /** sha256 of its bytes (base64url): an unchanged page keeps its file and compressed copies. */
  hash: string;
  /** Which compressed copies sit beside it. */
  br: boolean;
  gz: boolean;
  /** An HTML page's inline-script hashes, for the site's CSP (site-manifest.json). */
  scripts?: string[];
  /** An HTML page's searchable part: the digest of its lean part, '' when the page is not searchable. */
  search?: string;
}

export interface SiteRecord {
  v: number;
  /** What every page shares (page-keys.ts sharedKey): another value means nothing can be kept. */
  shared: string;
  /** Pages by address ('/en/property/12/', '/sitemap.xml'). */
  pages: Record<string, PageEntry>;
  /** Files the build writes besides its pages (service worker, manifests, icons), by path, with their hash. */
  generated: Record<string, string>;
  /** The content search's index: the digest of what it indexed (search-phase.ts searchDigest). */
  search: { digest: string } | null;
}

/** Lean searchable parts (src/build/lean-html.ts) by their digest (PageEntry.search). */
export type LeanParts = Record<string, string>;

const dir = () => join(buildCacheDir(env()), 'builds');
const file = (build: string, kind: string) => join(dir(), `${basename(resolve(build))}.${kind}`);
const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/** Writes `body` whole or not at all: a reader never sees half a record. */
async function writeWhole(path: string, body: string | Buffer): Promise<void> {
  await mkdir(dir(), { recursive: true });
  const scratch = `${path}.${process.pid}.tmp`;
  await writeFile(scratch, body);
  await rename(scratch, path);
}

/**
 * The record of the build in `build`, or null when there is none, of another version, or a journal says the
 * folder may be half-changed.
 */
export async function readRecord(build: string): Promise<SiteRecord | null> {
  if (existsSync(file(build, 'journal'))) return null;
  try {
    const record = JSON.parse(await readFile(file(build, 'json'), 'utf8')) as SiteRecord;
    return record.v === RECORD_VERSION ? record : null;
  } catch {
    return null;
  }
}

export const writeRecord = (build: string, record: SiteRecord) =>
  writeWhole(file(build, 'json'), JSON.stringify(record));

/** The lean parts the build's search index was made from (tens of megabytes at 10,000 listings: gzipped). */
export async function readLeanParts(build: string): Promise<LeanParts | null> {
  try {
    return JSON.parse(
      (await gunzipped(await readFile(file(build, 'lean.json.gz')))).toString('utf8'),
    ) as LeanParts;
  } catch {
    return null;
  }
}

export const writeLeanParts = async (build: string, parts: LeanParts) =>
  writeWhole(file(build, 'lean.json.gz'), await gzipped(JSON.stringify(parts), { level: 1 }));

/** Marks `build` as being changed in place, until clearJournal: its record cannot be trusted meanwhile. */
export const writeJournal = (build: string, what: unknown) =>
  writeWhole(file(build, 'journal'), JSON.stringify(what));
export const clearJournal = (build: string) => rm(file(build, 'journal'), { force: true });

/** Removes the records of every build but `keep`. */
export async function pruneRecords(keep: readonly string[]): Promise<void> {
  const names = keep.map((b) => basename(resolve(b)));
  const present = await readdir(dir()).catch(() => [] as string[]);
  for (const name of present)
    if (!names.some((b) => name.startsWith(`${b}.`))) await rm(join(dir(), name), { force: true });
}
