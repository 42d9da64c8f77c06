import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { inlineScriptHashes } from '../../src/build/csp-hashes.ts';
import { siteManifest } from '../../src/build/site-manifest.ts';
import { filesUnder } from '../../src/build/walk.ts';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../src/contract/site-manifest.ts';
import type { SiteBuilder } from '../../src/server/publishing/site-build.ts';

// Stand-ins for `astro build` (seconds to minutes): the API suites never run the real one, the
// end-to-end suite does.

/**
 * Writes the manifest a real build would write for the pages in `dir` (the build's own function: the real
 * languages and page routes), changed by `patch`. The server reads the site's pages and CSP hashes from it.
 */
export async function writeManifest(dir: string, patch: Partial<SiteManifest> = {}): Promise<SiteManifest> {
  await mkdir(dir, { recursive: true });
  const pages: { file: string; scripts: string[] }[] = [];
  for await (const file of filesUnder(dir, /\.html$/))
    pages.push({ file: relative(dir, file), scripts: inlineScriptHashes(await readFile(file, 'utf8')) });
  const manifest = { ...siteManifest(pages), ...patch };
  await writeFile(join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return manifest;
}

export const readManifest = async (dir: string): Promise<SiteManifest> =>
  JSON.parse(await readFile(join(dir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;

/** Writes a tiny site whose home page and script carry `title`, with its manifest. */
export const writeSite =
  (title: string): SiteBuilder =>
  async ({ outDir, report }) => {
    report({ step: 'Génération des pages : 1 sur 2', progress: 50 });
    await mkdir(join(outDir, '_astro'), { recursive: true });
    await writeFile(join(outDir, 'index.html'), `<!doctype html><title>${title}</title>`);
    await writeFile(join(outDir, '404.html'), `<!doctype html><title>Introuvable ${title}</title>`);
    await writeFile(join(outDir, '_astro', `app.${title}.js`), `console.log(${JSON.stringify(title)})`);
    await writeManifest(outDir);
  };

/** A builder a test steers: what each run does, and whether runs wait for `release()`. */
export function steeredBuilder(initial: SiteBuilder = writeSite('v1')) {
  let behaviour = initial;
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  const runs: { outDir: string; signal: AbortSignal }[] = [];
  const build: SiteBuilder = async (job) => {
    runs.push({ outDir: job.outDir, signal: job.signal });
    if (gate) {
      const { promise } = gate;
      await new Promise<void>((resolve, reject) => {
        void promise.then(resolve);
        job.signal.addEventListener('abort', () => reject(new Error('Construction interrompue')));
      });
    }
    return behaviour(job);
  };
  return {
    build,
    runs,
    use(next: SiteBuilder) {
      behaviour = next;
    },
    /** The next runs wait until release(). */
    hold() {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = null;
    },
  };
}
