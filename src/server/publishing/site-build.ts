import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  RendererReply,
  type RendererRequest,
  type RenderOutcome,
  type RenderProgress,
} from '../../contract/site-renderer.ts';
import { childEnv } from '../../env.ts';

/** What a running build tells staff: a step in French, and 0–100 when it can be counted. */
export interface BuildReport {
  step: string;
  progress: number | null;
}

export interface BuildJob {
  /** A new, empty folder, for a whole new build. */
  outDir: string;
  /** The build online now, which a publish changes in place when only some pages changed. */
  previousDir?: string | null;
  /** Aborted when the server shuts down or the build is past its time: the build must stop. */
  signal: AbortSignal;
  report: (report: BuildReport) => void;
}

export interface BuildResult {
  /** 'new': a whole site in `dir`, to switch to; 'applied': the live build `dir` was changed in place. */
  kind: 'new' | 'applied';
  dir: string;
  /** What the build did, in French, for the publish's audit line. */
  summary?: string;
  /** Seconds each of its steps took, for the log. */
  seconds?: Record<string, number>;
  /** Brings the content search's index up to date, once the pages are online. */
  search?: (signal: AbortSignal, report: (report: BuildReport) => void) => Promise<void>;
}

/** Builds the public site; rejects with a message for staff when it fails. No result: a new site in outDir. */
export type SiteBuilder = (job: BuildJob) => Promise<BuildResult | void>;

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const RENDERER = fileURLToPath(new URL('../../build/render/renderer-process.ts', import.meta.url));
/** The renderer's exit code when the code it renders with changed: a new one takes the request. */
const CODE_CHANGED = 75;
/** How long a renderer asked to drop a request may take before it is killed. */
const CANCEL_GRACE_MS = 5000;

// eslint-disable-next-line no-control-regex -- colour codes are what is being removed
const ANSI = /\u001b\[[0-9;]*m/g;

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

/** "Génération des pages : 12 sur 30 120", and its percentage, from the renderer's progress. */
export function reportOf({ step, done, total }: RenderProgress): BuildReport {
  if (total === undefined || done === undefined) return { step, progress: null };
  const n = (x: number) => x.toLocaleString('fr-FR').replace(/\u202f/g, ' ');
  // Never 100 before the build has finished: the last page is not the end of it.
  return {
    step: `${step} : ${n(done)} sur ${n(total)}`,
    progress: total ? Math.min(99, Math.floor((done / total) * 100)) : 0,
  };
}

/** The audit line's account of a build ("12 pages rendues sur 30 120, changées en place"). */
export function summaryOf(o: RenderOutcome): string {
  const n = (x: number) => x.toLocaleString('fr-FR').replace(/\u202f/g, ' ');
  const pages = `${n(o.rendered)} page${o.rendered > 1 ? 's' : ''} rendue${o.rendered > 1 ? 's' : ''} sur ${n(o.pages)}`;
  return o.kind === 'applied' ? `${pages}, mises en place dans le site en ligne` : `${pages}, site complet`;
}

/**
 * What the renderer gets beside this process's environment: the API to read and the media folder for the
 * agency's logo (made absolute: the renderer runs elsewhere). The published site is production output
 * whatever this server runs as: astro keeps a NODE_ENV it inherits, and under "development" or "test" Vite
 * would bundle React's development build. The renderer hashes no password: a test suite's scrypt cost,
 * refused outside NODE_ENV=test, is not passed on.
 */
export const rendererEnv = (apiUrl: string, dataDir: string): Record<string, string | undefined> => ({
  NODE_ENV: 'production',
  SCRYPT_LOG2_N: undefined,
  BUILD_OUT_DIR: undefined,
  BUILD_PREVIOUS_DIR: undefined,
  API_URL: apiUrl,
  DATA_DIR: resolve(dataDir),
});

interface Pending {
  request: RendererRequest;
  resolve: (reply: RendererReply) => void;
  reject: (error: Error) => void;
  report: (progress: RenderProgress) => void;
}

/** Routes a renderer's message to the request it answers: its progress, or its end. */
function deliver(pending: Map<number, Pending>, message: unknown): void {
  const parsed = RendererReply.safeParse(message);
  if (!parsed.success) return;
  const reply = parsed.data;
  const entry = pending.get(reply.id);
  if (!entry) return;
  if (reply.type === 'progress') return entry.report(reply.progress);
  if (reply.type === 'restart') return; // its exit follows: the request goes to a new renderer
  pending.delete(reply.id);
  entry.resolve(reply);
}

/**
 * The renderer's child process, started at the first request and again after it ended. A renderer that
 * exits because its code changed hands its requests to a new one; any other exit fails them, with the end
 * of what it printed.
 */
function rendererChild(options: { env: Record<string, string | undefined>; script?: string }) {
  let child: ChildProcess | null = null;
  let output = '';
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function start(): ChildProcess {
    output = '';
    const c = fork(options.script ?? RENDERER, [], {
      cwd: ROOT,
      env: childEnv(options.env),
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString('utf8')).slice(-16_384));
    c.stdout?.on('data', keep);
    c.stderr?.on('data', keep);
    c.on('message', (message: unknown) => deliver(pending, message));
    c.once('exit', (code) => {
      if (child === c) child = null;
      const waiting = [...pending.values()];
      pending.clear();
      for (const entry of waiting) {
        if (code === CODE_CHANGED) {
          void send(entry);
          continue;
        }
        const tail = usefulTail(output);
        entry.reject(
          new Error(
            `Le moteur de rendu du site s’est arrêté (code ${code ?? 'signal'}).${tail ? `\n${tail}` : ''}`,
          ),
        );
      }
    });
    c.once('error', () => {});
    return c;
  }

  function send(entry: Pending) {
    child ??= start();
    pending.set(entry.request.id, entry);
    child.send(entry.request);
  }

  function stop(): Promise<void> {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
    child = null;
    return new Promise((done) => {
      const killer = setTimeout(() => c.kill('SIGKILL'), 3000);
      killer.unref();
      c.once('exit', () => {
        clearTimeout(killer);
        done();
      });
      c.kill('SIGTERM');
    });
  }

  return {
    nextId: () => nextId++,
    send,
    stop,
    /** Asks the renderer to drop request `id`; false when there is no renderer to ask. */
    cancel(id: number): boolean {
      if (!child) return false;
      child.send({ type: 'cancel', id } satisfies RendererRequest);
      return true;
    },
  };
}

type RendererChild = ReturnType<typeof rendererChild>;

/**
 * Sends a request and answers its reply. `signal` kills the renderer, rejecting the request; with
 * `cancel`, the renderer is asked to drop the request instead, and keeps its pages' bundle (it is killed
 * when it does not answer within a few seconds).
 */
async function request(
  renderer: RendererChild,
  make: (id: number) => RendererRequest,
  signal: AbortSignal,
  report: (progress: RenderProgress) => void,
  cancel = false,
): Promise<RendererReply> {
  signal.throwIfAborted();
  const id = renderer.nextId();
  const reply = new Promise<RendererReply>((resolve, reject) =>
    renderer.send({ request: make(id), resolve, reject, report }),
  );
  const abort = () => {
    if (!cancel || !renderer.cancel(id)) return void renderer.stop();
    const killer = setTimeout(() => void renderer.stop(), CANCEL_GRACE_MS);
    killer.unref();
    void reply.finally(() => clearTimeout(killer)).catch(() => {});
  };
  signal.addEventListener('abort', abort, { once: true });
  try {
    const answer = await reply;
    if (signal.aborted) throw new Error('Construction interrompue');
    return answer;
  } catch (error) {
    if (signal.aborted) throw new Error('Construction interrompue', { cause: error });
    throw error;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

const failed = (reply: RendererReply) =>
  reply.type === 'failed'
    ? new Error(`La construction du site a échoué.\n${usefulTail(reply.error)}`)
    : new Error(`Réponse inattendue du moteur de rendu : ${reply.type}`);

/** A publish's build through the renderer, and the search index that follows it when the renderer left it. */
function rendererBuild(renderer: RendererChild): SiteBuilder {
  return async ({ outDir, previousDir, signal, report }) => {
    const reply = await request(
      renderer,
      (id) => ({ type: 'build', id, live: previousDir ?? null, target: outDir }),
      signal,
      (p) => report(reportOf(p)),
    );
    if (reply.type !== 'built') throw failed(reply);
    const { outcome } = reply;
    return {
      kind: outcome.kind,
      dir: outcome.dir,
      summary: summaryOf(outcome),
      seconds: outcome.seconds,
      ...(outcome.searchBehind
        ? {
            search: async (searchSignal, searchReport) => {
              const done = await request(
                renderer,
                (id) => ({ type: 'search', id, live: outcome.dir }),
                searchSignal,
                (p) => searchReport(reportOf(p)),
                true,
              );
              if (done.type !== 'searched') throw failed(done);
            },
          }
        : {}),
    };
  };
}

/**
 * The site renderer (decision 0045): a child process that renders the site and stays for the next publish,
 * so a publish renders the pages that changed without starting Astro again (src/build/render). Requests go
 * one at a time; aborting one kills the process (the next request starts a new one). `script` is the
 * renderer's entry, for tests.
 */
export function siteRenderer(options: { env: Record<string, string | undefined>; script?: string }) {
  const renderer = rendererChild(options);
  return { build: rendererBuild(renderer), close: renderer.stop };
}

/** The real build: the site renderer reading the listings from this server's API. */
export function rendererBuilder(apiUrl: string, dataDir: string) {
  return siteRenderer({ env: rendererEnv(apiUrl, dataDir) });
}
