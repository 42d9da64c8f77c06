// The site renderer (decision 0045): a child process of the server's publisher
// (src/server/publishing/site-build.ts), started at the first publish and kept for the next ones. Its first
// build runs `astro build`, which makes the scripts, the styles and the pages' bundle; it keeps the bundle
// and renders every later publish with it, without Astro or Vite: the pages whose key changed, nothing else.
// It stops when the code it was started with changes (a new one starts with the new code), and when the
// server stops or its channel closes.
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import { RendererRequest, type RendererReply, type RenderProgress } from '../../contract/site-renderer.ts';
import { fetchInputs, syncProperties } from '../api.ts';
import { startBuild } from '../build-context.ts';
import { codeHash, renderedCode } from '../page-keys.ts';
import { compressTree } from '../precompress.ts';
import { BUNDLE } from './bundle.ts';
import { setRendererHost } from './integration.ts';
import { pruneRecords } from './record.ts';
import { renderSite } from './render-site.ts';
import { refreshSearch } from './search-phase.ts';
import type { SiteApp } from './site-app.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The code this process renders with. */
const code = renderedCode();
/**
 * Astro's output folder for this process: its scripts, styles and public files, put into each new build,
 * and the pages' bundle, kept for the process's life. Inside the project: for an output folder elsewhere,
 * Astro would write the bundle to the project's .astro/, which another build could overwrite.
 */
const RENDERERS = join(ROOT, 'node_modules', '.cache', 'ndako-renderer');
const own = join(RENDERERS, String(process.pid));
let app: SiteApp | null = null;

const send = (reply: RendererReply) => process.send?.(reply);

/**
 * Removes what a build cut off half-way left beside the builds (its staging and index folders), and the
 * records of builds that are gone (the publisher deletes old builds).
 */
async function clearLeftovers(target: string) {
  const dir = dirname(target);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names)
    if (/^\..+\.(stage|search)-/.test(name)) await rm(join(dir, name), { recursive: true, force: true });
  await pruneRecords(names.filter((name) => !name.startsWith('.')).map((name) => join(dir, name)));
}

/** The output folders of renderers that are gone (killed, or the machine restarted). */
async function clearOldRenderers() {
  for (const name of await readdir(RENDERERS).catch(() => [] as string[])) {
    const pid = Number(name);
    let alive = pid === process.pid;
    try {
      if (!alive && pid > 0) alive = process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) await rm(join(RENDERERS, name), { recursive: true, force: true });
  }
}

/** This process's start: Astro's build, which hands its bundle over (integration.ts). */
async function startAstro(report: (p: RenderProgress) => void): Promise<SiteApp> {
  await clearOldRenderers();
  report({ step: 'Compilation des scripts et des styles' });
  return new Promise<SiteApp>((resolve, reject) => {
    setRendererHost({
      async built(bundle, dir) {
        // Astro's own files are all that is in the folder: compressed once for every build to come.
        await compressTree(dir, [BUNDLE]);
        resolve(bundle);
      },
    });
    build({ root: ROOT, outDir: own, logLevel: 'warn', mode: 'production' }).catch(reject);
  });
}

async function handle(request: RendererRequest): Promise<void> {
  const { id } = request;
  const report = (progress: RenderProgress) => send({ type: 'progress', id, progress });
  if (codeHash() !== code) {
    send({ type: 'restart', id, reason: 'the code changed since the renderer started' });
    process.exit(75);
  }
  if (request.type === 'cancel') return;
  if (request.type === 'search') {
    report({ step: 'Index de la recherche' });
    const abort = new AbortController();
    if (cancelled.delete(id)) abort.abort();
    running.set(id, abort);
    try {
      send({ type: 'searched', id, changed: await refreshSearch(request.live, abort.signal) });
    } finally {
      running.delete(id);
    }
    return;
  }
  await clearLeftovers(request.target);
  startBuild(fetchInputs(syncProperties));
  app ??= await startAstro(report);
  const outcome = await renderSite(app, {
    live: request.live,
    target: request.target,
    assetsInTarget: false,
    assets: own,
    mode: 'auto',
    report,
  });
  send({ type: 'built', id, outcome });
}

/** The requests that can be cancelled while they run (searches), by id; and those cancelled before. */
const running = new Map<number, AbortController>();
const cancelled = new Set<number>();

// One request at a time, in the order they come: the publisher sends one and waits for its answer. A
// cancellation does not wait its turn.
let queue = Promise.resolve();
process.on('message', (message: unknown) => {
  const parsed = RendererRequest.safeParse(message);
  if (!parsed.success) return;
  if (parsed.data.type === 'cancel') {
    const search = running.get(parsed.data.id);
    if (search) search.abort();
    else cancelled.add(parsed.data.id);
    return;
  }
  queue = queue.then(() =>
    handle(parsed.data).catch((error: unknown) => {
      send({ type: 'failed', id: parsed.data.id, error: (error as Error).message ?? String(error) });
      // A first build that failed leaves Astro half-set in this process: the next request gets a new one.
      if (!app) process.exit(1);
    }),
  );
});
// The server went away: so does its renderer.
process.on('disconnect', () => process.exit(0));
process.title = `ndako-renderer ${basename(ROOT)}`;
