import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SITE_MANIFEST_FILE } from '../../contract/site-manifest.ts';
import type { RenderOutcome, RenderProgress } from '../../contract/site-renderer.ts';
import { buildSettings } from '../api.ts';
import { compress } from '../compression.ts';
import { digest, sharedKey } from '../page-keys.ts';
import { serviceWorkerSource, webAppFiles } from '../service-worker.ts';
import { siteManifest } from '../site-manifest.ts';
import { linkTree } from '../walk.ts';
import { applyInPlace, type Changes } from './apply.ts';
import { BUNDLE } from './bundle.ts';
import { bytesHash } from './page-worker.ts';
import { pageWriter } from './page-writer.ts';
import { RECORD_VERSION, readRecord, writeRecord, type PageEntry, type SiteRecord } from './record.ts';
import { leanStore, searchDigest, writeFullSearchIndex } from './search-phase.ts';
import type { SiteApp, SitePath } from './site-app.ts';

export interface RenderJob {
  /** The build online now, or null. */
  live: string | null;
  /** A new folder, for a whole new build. */
  target: string;
  /** Whether Astro's own files (scripts, styles, public files) are in `target` already. */
  assetsInTarget: boolean;
  /** Where this process keeps Astro's files, to link into a new build. */
  assets: string;
  /** 'auto': the live build is changed in place when its record allows it; 'full': a whole new build. */
  mode: 'auto' | 'full';
  /** Where the build is, for the publish panel and the log: a step, and pages done out of pages to do. */
  report: (progress: RenderProgress) => void;
  signal?: AbortSignal;
}

/** How often progress is told at most (a line a page would drown the log at 30,000 pages). */
const REPORT_MS = 250;

type Rendered = PageEntry & { same?: boolean };

/** Tells the job each next step, and times the one before (the outcome's `seconds`, in the server's log). */
function stepClock(report: RenderJob['report']) {
  const seconds: Record<string, number> = {};
  let lap = performance.now();
  const step = (name: string, timed: string) => {
    const now = performance.now();
    seconds[timed] = Math.round(now - lap) / 1000;
    lap = now;
    report({ step: name });
  };
  return { seconds, step };
}

/** The live build's pages kept as they are (same key, same file, when changed in place), and those to render. */
function pagesToRender(
  paths: readonly SitePath[],
  kept: SiteRecord | null,
): { pages: Record<string, Rendered>; todo: SitePath[] } {
  const pages: Record<string, Rendered> = {};
  const todo: SitePath[] = [];
  for (const path of paths) {
    const old = kept?.pages[path.pathname];
    if (kept && old && path.key !== undefined && old.key === path.key && old.file === path.file)
      pages[path.pathname] = old;
    else todo.push(path);
  }
  return { pages, todo };
}

/**
 * The build's record, with the files made from every page (the site manifest, the service worker…) written
 * into `dest` where they changed since `kept`, the live build's record when it is changed in place.
 */
async function recordWithGenerated(
  { pages, shared, dest }: { pages: Record<string, Rendered>; shared: string; dest: string },
  kept: SiteRecord | null,
  changes: Changes,
): Promise<SiteRecord> {
  const generated = await generatedFiles(Object.values(pages), !kept);
  const record: SiteRecord = {
    v: RECORD_VERSION,
    shared,
    pages: Object.fromEntries(Object.entries(pages).map(([k, { same: _, ...entry }]) => [k, entry])),
    generated: kept ? { ...kept.generated } : {},
    search: kept ? kept.search : null,
  };
  for (const [file, body] of generated) {
    const hash = bytesHash(body);
    if (kept && record.generated[file] === hash) continue;
    record.generated[file] = hash;
    const { br, gz } = await writeWithCopies(join(dest, file), body, file);
    changes.written.push({ file, br, gz });
  }
  return record;
}

/**
 * Renders a build of the site (decision 0045). With the live build's record and nothing shared changed, only
 * the pages whose key differs are rendered, written beside the live build and put in place in one short
 * step (apply.ts); the content search's index follows in a second step (search-phase.ts). Otherwise every
 * page is rendered into a new folder, search index included, which the publisher then switches to.
 */
export async function renderSite(app: SiteApp, job: RenderJob): Promise<RenderOutcome> {
  const { seconds, step } = stepClock(job.report);
  job.report({ step: 'Lecture des données' });
  const shared = await sharedKey();
  step('Clés des pages', 'data');
  const paths = await app.paths();
  step('Génération des pages', 'keys');
  const before = job.mode === 'auto' && job.live ? await readRecord(job.live) : null;
  const inPlace = before !== null && before.shared === shared;
  const live = job.live;
  const dest = inPlace && live ? await mkdtemp(join(dirname(live), `.${basename(live)}.stage-`)) : job.target;
  if (!inPlace && !job.assetsInTarget) await linkTree(job.assets, dest, [BUNDLE]);

  const { pages, todo } = pagesToRender(paths, inPlace ? before : null);
  const changes: Changes = { written: [], removed: [] };
  const lean = await leanStore(inPlace ? live : null, before);
  const rendered = await renderPages(app, todo, dest, inPlace ? before : null, job, (path, entry, text) => {
    pages[path.pathname] = entry;
    if (text !== undefined) lean.set(entry.search ?? '', text);
    if (!entry.same) changes.written.push({ file: path.file, br: entry.br, gz: entry.gz });
  });
  const current = new Set(paths.map((p) => p.file));
  if (before && inPlace)
    for (const old of Object.values(before.pages)) if (!current.has(old.file)) changes.removed.push(old.file);

  step('Manifeste du site et service worker', 'pages');
  const record = await recordWithGenerated({ pages, shared, dest }, inPlace ? before : null, changes);

  if (inPlace && live) {
    job.signal?.throwIfAborted();
    step('Mise en ligne des pages changées', 'generated files');
    await applyInPlace(live, dest, changes, record);
    step('Mise en ligne des pages changées', 'in place');
    return {
      kind: 'applied',
      dir: live,
      rendered,
      pages: paths.length,
      written: changes.written.length,
      removed: changes.removed.length,
      searchBehind: record.search?.digest !== searchDigest(record.pages),
      seconds,
    };
  }
  step('Index de la recherche', 'generated files');
  record.search = await writeFullSearchIndex(dest, record.pages, lean, live);
  await writeRecord(dest, record);
  step('Index de la recherche', 'search index');
  return {
    kind: 'new',
    dir: dest,
    rendered,
    pages: paths.length,
    written: rendered,
    removed: 0,
    searchBehind: false,
    seconds,
  };
}

/** Renders `todo` into `dest`, each page handed to the page worker as soon as it is rendered. */
async function renderPages(
  app: SiteApp,
  todo: readonly SitePath[],
  dest: string,
  before: SiteRecord | null,
  job: RenderJob,
  done: (path: SitePath, entry: Rendered, lean: string | undefined) => void,
): Promise<number> {
  const writer = pageWriter();
  const pending: Promise<void>[] = [];
  let count = 0;
  let told = 0;
  const tell = (force = false) => {
    if (!force && performance.now() - told < REPORT_MS) return;
    told = performance.now();
    job.report({ step: 'Génération des pages', done: count, total: todo.length });
  };
  tell(true);
  try {
    for (const path of todo) {
      job.signal?.throwIfAborted();
      const body = await app.render(path);
      if (!body) continue;
      const old = before?.pages[path.pathname];
      const html = path.file.endsWith('.html');
      const { done: written } = await writer.write({
        target: join(dest, path.file),
        name: path.file,
        html,
        body,
        ...(old?.file === path.file ? { previous: old.hash } : {}),
      });
      pending.push(
        written.then((r) => {
          const search = r.lean === undefined ? undefined : r.lean ? digest(r.lean) : '';
          const entry: Rendered = {
            ...(path.key === undefined ? {} : { key: path.key }),
            file: path.file,
            hash: r.hash,
            // The bytes of the live build: its file and copies stay.
            br: r.same ? (old?.br ?? false) : r.br,
            gz: r.same ? (old?.gz ?? false) : r.gz,
            ...(r.scripts ? { scripts: r.scripts } : {}),
            ...(search === undefined ? {} : { search }),
            same: r.same,
          };
          done(path, entry, r.lean);
          count += 1;
          tell();
        }),
      );
    }
    await Promise.all(pending);
  } catch (error) {
    // A page not written: the workers may hold others of this build, which must not land anywhere later.
    await writer.close();
    throw error;
  }
  tell(true);
  return count;
}

/**
 * The files a build writes besides its pages: the site's manifest (src/build/site-manifest.ts) and the
 * service worker, whose identity is a digest of the pages; and with `webApp`, the web app manifests and
 * icons, which only the agency's settings change (those make a whole new build).
 */
async function generatedFiles(pages: readonly PageEntry[], webApp: boolean): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const sorted = [...pages].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  files.set(SITE_MANIFEST_FILE, Buffer.from(JSON.stringify(siteManifest(sorted))));
  const version = digest(sorted.map((p) => [p.file, p.hash])).slice(0, 12);
  files.set('sw.js', Buffer.from(await serviceWorkerSource(version)));
  if (webApp) for (const [file, body] of await webAppFiles(await buildSettings())) files.set(file, body);
  return files;
}

/** Writes `body` at `target` with its compressed copies; answers which copies were written. */
async function writeWithCopies(target: string, body: Buffer, name: string) {
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, body);
  const { br, gz } = await compress(body, name);
  if (br) await writeFile(`${target}.br`, br);
  if (gz) await writeFile(`${target}.gz`, gz);
  return { br: br !== null, gz: gz !== null };
}
