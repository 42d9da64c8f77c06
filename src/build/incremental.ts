import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import type { AstroIntegration } from 'astro';
import type { Property } from '../contract/index.ts';
import { buildCacheDir, env, type Env } from '../env.ts';
import { DEFAULT_LANG, LANGS } from '../i18n/core.ts';
import { kinshasaToday } from '../shared/trust.ts';
import { allProperties, buildRates } from './api.ts';
import { similarListings } from './communes.ts';
import { buildOutDir } from './out-dir.ts';
import { agencySettings } from './site-config.ts';
import { linkOrCopy } from './walk.ts';

/**
 * The incremental build (decision 0033). A listing's page in each language is a function of the listing,
 * of the similar listings it shows, and of what every page shares (the code, the dictionaries, the
 * configuration, the agency's settings, the exchange rates and the day). Each build records a fingerprint
 * of those inputs per listing; the next build renders again only the listings whose fingerprint changed
 * and hard-links the other pages (with their .br and .gz copies) from the build online. Every other page
 * (home, catalogue and its index, communes, sitemap...) is always rendered again: they show many listings.
 * Anything shared that changed (one byte of code, a setting, a rate, another day) changes every
 * fingerprint: the build is then a full one.
 */

const VERSION = 3;
/** What the pages are built from besides the data: any change here makes a full build. */
const CODE = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** What a listing carries that no page shows: a visit must not make its page "changed". */
const UNSHOWN = ['viewCount', 'lastViewedAt'] as const;

export interface BuildState {
  v: number;
  /** The fingerprint of what every page shares. */
  shared: string;
  /** Each listing's page fingerprint, by id. */
  pages: Record<string, string>;
  /** The build the listed pages were reused from, or null for a full build. */
  previous: string | null;
  reused: number[];
}

/** The files of a listing in a build: its page in each language (compressed copies beside them). */
export const listingPages = (id: number): string[] =>
  LANGS.map((lang) => `${lang === DEFAULT_LANG ? '' : `${lang}/`}property/${id}/index.html`);

/** A digest of the build's code: every file under CODE but the tests, by path and content. */
export function codeHash(root = process.cwd()): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!/\.test\.tsx?$/.test(name)) visit(join(path, name));
      return;
    }
    hash.update(`${path}\0`).update(readFileSync(full)).update('\0');
  };
  for (const path of CODE) visit(path);
  return hash.digest('hex');
}

/** The configuration the build runs with, but where it writes and reads builds (different every time). */
const configuration = (e: Env) =>
  Object.fromEntries(
    Object.entries(e)
      .filter(([key]) => !key.startsWith('BUILD_'))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
/**
 * What a listing's page shows of it on `today` (Kinshasa's day): its fields but those no page shows, and
 * whether its availability line reads "available from …" or "available now" (PropertyHead.astro; the browser
 * corrects a page older than that day, scripts/trust.ts). Its verification badge is decided in the browser.
 */
export function shownOn(p: Property, today: string) {
  const copy: Partial<Property> & { availableLater?: boolean } = { ...p };
  for (const key of UNSHOWN) delete copy[key];
  if (p.availableFrom) copy.availableLater = p.availableFrom > today;
  return copy;
}

/**
 * A listing page's fingerprint: what every page shares, the listing, and the listings it shows, each listing
 * digested once (`listing`) rather than once per page that shows it.
 */
const pageFingerprint = (
  shared: string,
  listing: (p: Property) => string,
  p: Property,
  similar: readonly Property[],
) => digest([shared, listing(p), similar.map(listing)]);

const stateDir = (e: Env) => join(buildCacheDir(e), 'builds');
const stateFile = (e: Env, build: string) => join(stateDir(e), `${basename(resolve(build))}.json`);

async function readState(e: Env, build: string): Promise<BuildState | null> {
  try {
    const state = JSON.parse(await readFile(stateFile(e, build), 'utf8')) as BuildState;
    return state.v === VERSION ? state : null;
  } catch {
    return null;
  }
}

let plan: Promise<Set<number>> | undefined;
/**
 * The listings whose pages this build reuses from BUILD_PREVIOUS_DIR (the pages' side of the build asks;
 * the plan is worked out once and recorded for the build's end, and for the next build).
 */
export function reusedListings(): Promise<Set<number>> {
  plan ??= (async () => {
    const e = env();
    const [all, rates] = await Promise.all([allProperties(), buildRates()]);
    const shared = digest({
      v: VERSION,
      code: codeHash(),
      configuration: configuration(e),
      settings: agencySettings(),
      rates,
      // The footer's copyright year. A page shows nothing else of the day it was built but its listing's
      // availability line, below: the first publish of a day is no longer a full build.
      year: new Date().getFullYear(),
    });
    const today = kinshasaToday(new Date());
    const digests = new Map<Property, string>();
    const listing = (p: Property) => {
      let known = digests.get(p);
      if (known === undefined) digests.set(p, (known = digest(shownOn(p, today))));
      return known;
    };
    const pages: Record<string, string> = {};
    for (const p of all) pages[p.id] = pageFingerprint(shared, listing, p, await similarListings(p.id));
    const previous = e.BUILD_PREVIOUS_DIR ? resolve(e.BUILD_PREVIOUS_DIR) : null;
    const before = previous ? await readState(e, previous) : null;
    const reuse = new Set<number>();
    if (previous && before?.shared === shared)
      for (const p of all)
        if (
          before.pages[p.id] === pages[p.id] &&
          listingPages(p.id).every((file) => existsSync(join(previous, file)))
        )
          reuse.add(p.id);
    const out = resolve(buildOutDir(e));
    await mkdir(stateDir(e), { recursive: true });
    // The previous build's state stays (a failed build leaves it online); older ones go.
    const keep = [out, previous].filter((b) => b !== null).map((b) => basename(b));
    for (const name of await readdir(stateDir(e)))
      if (!keep.some((b) => name.startsWith(`${b}.`))) await rm(join(stateDir(e), name), { force: true });
    const state: BuildState = {
      v: VERSION,
      shared,
      pages,
      previous: reuse.size ? previous : null,
      reused: [...reuse],
    };
    await writeFile(stateFile(e, out), JSON.stringify(state));
    return reuse;
  })();
  return plan;
}

/** The files an incremental build took from the build online (the steps after it leave them as they are). */
export const reusedFiles = new Set<string>();

/** The listing a page of the build in `root` belongs to, or null for another page. */
export function listingOf(root: string, file: string): number | null {
  const match = /^(?:[a-z]{2}\/)?property\/(\d+)\/index\.html$/.exec(relative(root, file));
  return match ? Number(match[1]) : null;
}

/** A record kept beside a build's state: what its steps learnt of each page, for the next build to reuse. */
const recordFile = (e: Env, build: string, kind: string) =>
  stateFile(e, build).replace(/\.json$/, `.${kind}.json`);

/**
 * The `kind` record of the build this one reuses pages from, with this build's state; null for a full
 * build, or when the record is missing (the reused pages are then read like the others).
 */
export async function previousRecord<T>(
  root: string,
  kind: string,
): Promise<{ state: BuildState; record: T } | null> {
  const e = env();
  const state = await readState(e, root);
  if (!state?.previous) return null;
  return readFile(recordFile(e, state.previous, kind), 'utf8').then(
    (text) => ({ state, record: JSON.parse(text) as T }),
    () => null,
  );
}

/** Writes this build's `kind` record (a build without a state, such as the bench's re-timing, keeps none). */
export async function writeRecord(root: string, kind: string, record: unknown): Promise<void> {
  const e = env();
  if (await readState(e, root)) await writeFile(recordFile(e, root, kind), JSON.stringify(record));
}

type PageHashes = Record<string, string[]>;

/** The inline-script hashes of the reused pages, from the build online's record (site-manifest.ts). */
export async function reusedPageHashes(root: string): Promise<{ files: Set<string>; hashes: string[] }> {
  const before = await previousRecord<PageHashes>(root, 'hashes');
  if (!before) return { files: new Set(), hashes: [] };
  const files = new Set([...reusedFiles].filter((f) => f.endsWith('.html')));
  return { files, hashes: before.state.reused.flatMap((id) => before.record[id] ?? []) };
}

/** Records each listing's inline-script hashes (the reused ones' from the build online's record). */
export async function recordPageHashes(root: string, read: Map<number, string[]>): Promise<void> {
  const before = await previousRecord<PageHashes>(root, 'hashes');
  const record: PageHashes = {};
  for (const id of before?.state.reused ?? []) record[id] = before?.record[id] ?? [];
  for (const [id, hashes] of read) record[id] = [...new Set(hashes)].sort();
  await writeRecord(root, 'hashes', record);
}

/** Pages linked at once: enough to keep the file system busy, few enough not to queue 90,000 operations. */
const LINKS_IN_FLIGHT = 32;

/** At the build's end, first: the unchanged listings' pages hard-linked from the build online. */
export function incrementalBuild(): AstroIntegration {
  return {
    name: 'ndako-incremental',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const e = env();
        const root = dir.pathname;
        const state = await readState(e, root);
        reusedFiles.clear();
        if (!state?.previous) {
          logger.info(`full build (${Object.keys(state?.pages ?? {}).length} listings)`);
          return;
        }
        const previous = state.previous;
        // One folder per page, made once, its page and compressed copies linked into it; a copy the build
        // online does not have (a page too small to compress) is simply not there.
        const pages = state.reused.flatMap(listingPages);
        let next = 0;
        const linkPages = async () => {
          for (let i = next++; i < pages.length; i = next++) {
            const page = pages[i]!;
            await mkdir(join(root, page, '..'), { recursive: true });
            for (const file of [page, `${page}.br`, `${page}.gz`])
              try {
                await linkOrCopy(join(previous, file), join(root, file));
                reusedFiles.add(join(root, file));
              } catch (error) {
                if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
              }
          }
        };
        await Promise.all(Array.from({ length: LINKS_IN_FLIGHT }, linkPages));
        const total = Object.keys(state.pages).length;
        logger.info(
          `incremental build: ${total - state.reused.length} of ${total} listings rendered, ` +
            `${reusedFiles.size} files reused from ${basename(previous)}`,
        );
      },
    },
  };
}
