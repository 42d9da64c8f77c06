import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from '../../env.ts';
import type { SiteManifest } from '../../contract/site-manifest.ts';

/** What a running build tells staff: a step in French, and 0–100 when it can be counted. */
export interface BuildReport {
  step: string;
  progress: number | null;
}

export interface BuildJob {
  /** The new, empty folder to write the site into. */
  outDir: string;
  /** The build online now, whose unchanged pages an incremental build reuses (src/build/incremental.ts). */
  previousDir?: string | null;
  /** Aborted when the server shuts down: the build must stop (and its process die). */
  signal: AbortSignal;
  report: (report: BuildReport) => void;
}

/** Builds the public site into `job.outDir`; rejects with a message for staff when it fails. */
export type SiteBuilder = (job: BuildJob) => Promise<void>;

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ASTRO = fileURLToPath(new URL('../../../node_modules/astro/bin/astro.mjs', import.meta.url));

// eslint-disable-next-line no-control-regex -- colour codes are what is being removed
const ANSI = /\u001b\[[0-9;]*m/g;
/** A page astro reports writing: "  ├─ /en/property/12/index.html (+3ms)" (endpoints end otherwise). */
const PAGE_LINE = /[├└]─ \/\S*\.html\b/;

/**
 * How many pages `astro build` will write: the live build's manifest says how many pages each language has
 * besides one per listing. Astro prints a line per page written, so counting those lines against this
 * number is the build's real progress. Null before any build (progress then counts without a percentage).
 */
export function expectedPages(manifest: SiteManifest | null, listings: number): number | null {
  return manifest ? (manifest.fixedPages + listings) * manifest.languages.length : null;
}

/** The last lines of a failed build's output worth reading: its error, without the stack trace. */
export function usefulTail(output: string, maxLines = 12, maxChars = 1500): string {
  const lines = output
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    // Stack frames and astro's "Location:" with its file path say where in astro, not what went wrong.
    .filter((line) => line.trim() && !/^\s*(at |Stack trace:|Location:|\/\S+:\d+:\d+$)/.test(line));
  return lines.slice(-maxLines).join('\n').slice(-maxChars);
}

/**
 * Runs a site build as a child process (`command` with `args`, in the project folder) and reports its
 * progress from the lines it prints. Aborting the job kills the process: SIGTERM, then SIGKILL.
 */
export function processBuilder(options: {
  command: string;
  args: string[];
  env: (outDir: string, previousDir: string | null) => Record<string, string | undefined>;
  /** The number of pages the build will write, when it can be known. */
  expected: () => Promise<number | null>;
}): SiteBuilder {
  return async ({ outDir, previousDir, signal, report }) => {
    const expected = await options.expected().catch(() => null);
    report({ step: 'Compilation des scripts et des styles', progress: expected ? 0 : null });
    signal.throwIfAborted();
    const child = spawn(options.command, options.args, {
      cwd: ROOT,
      env: childEnv(options.env(outDir, previousDir ?? null)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let pages = 0;
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(-16_384);
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const raw of lines) {
        const line = raw.replace(ANSI, '');
        if (line.includes('generating static routes')) report({ step: 'Génération des pages', progress: 0 });
        if (!PAGE_LINE.test(line)) continue;
        pages += 1;
        report({
          step: expected
            ? `Génération des pages : ${pages} sur ${expected}`
            : `Génération des pages : ${pages}`,
          // Never 100 before the process has finished: the last page is not the end of the build.
          progress: expected ? Math.min(99, Math.floor((pages / expected) * 100)) : null,
        });
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-16_384);
    });

    let killer: NodeJS.Timeout | undefined;
    const stop = () => {
      child.kill('SIGTERM');
      killer = setTimeout(() => child.kill('SIGKILL'), 3000);
      killer.unref();
    };
    signal.addEventListener('abort', stop, { once: true });
    const outcome = await new Promise<{ code: number | null; error?: Error }>((done) => {
      child.once('error', (error) => done({ code: null, error }));
      child.once('close', (code) => done({ code }));
    });
    signal.removeEventListener('abort', stop);
    clearTimeout(killer);

    if (signal.aborted) throw new Error('Construction interrompue : le serveur s’arrête');
    if (outcome.error)
      throw new Error(`La construction du site n’a pas pu démarrer : ${outcome.error.message}`);
    if (outcome.code !== 0) {
      const tail = usefulTail(stderr) || usefulTail(stdout);
      throw new Error(`La construction du site a échoué (code ${outcome.code}).${tail ? `\n${tail}` : ''}`);
    }
  };
}

/**
 * What `astro build` gets beside this process's environment: where to write, the build online to reuse
 * unchanged listing pages from (src/build/incremental.ts), the API to read, and the media folder for the
 * agency's logo (made absolute: the build runs elsewhere).
 */
export const astroBuildEnv =
  (apiUrl: string, dataDir: string) =>
  (outDir: string, previousDir: string | null): Record<string, string | undefined> => ({
    // The published site is production output whatever this server runs as: astro keeps a NODE_ENV it
    // inherits, and under "development" or "test" Vite would bundle React's development build. The build
    // hashes no password: a test suite's scrypt cost, refused outside NODE_ENV=test, is not passed on.
    NODE_ENV: 'production',
    SCRYPT_LOG2_N: undefined,
    BUILD_OUT_DIR: outDir,
    ...(previousDir ? { BUILD_PREVIOUS_DIR: previousDir } : {}),
    API_URL: apiUrl,
    DATA_DIR: resolve(dataDir),
  });

/** The real build: `astro build` reading the listings from this server's API. */
export function astroBuilder(
  apiUrl: string,
  dataDir: string,
  listings: () => Promise<number>,
  manifest: () => Promise<SiteManifest | null>,
): SiteBuilder {
  return processBuilder({
    command: process.execPath,
    args: [ASTRO, 'build'],
    env: astroBuildEnv(apiUrl, dataDir),
    expected: async () => expectedPages(await manifest(), await listings()),
  });
}
