import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_NEUTRAL_ENTITIES, type PublishState } from '../../contract/index.ts';
import type { Actor, AuditRepository } from '../repositories/audit.ts';
import type { HeldLease, PublishLease } from './publish-lease.ts';
import type { BuildReport, SiteBuilder } from './site-build.ts';
import type { SiteTarget } from './site-bucket.ts';
import type { SiteFolder } from './site-folder.ts';

/** Publishes nobody pressed for: the start-up build and the automatic one. */
export const STARTUP: Actor = { id: null, name: 'Démarrage' };
export const AUTOMATIC: Actor = { id: null, name: 'Publication automatique' };

export interface PublisherOptions {
  audit: AuditRepository;
  folder: SiteFolder;
  build: SiteBuilder;
  /** One publish at a time across the instances on this database (services/publish-lease.ts). */
  lease: PublishLease;
  /** Where else a local build goes online (SITE_STORE=s3: a bucket), before SITE_DIR switches to it. */
  target?: SiteTarget | undefined;
  /** With a deploy hook, publishing POSTs there instead of building here. */
  hookUrl?: string | undefined;
  /** Publish this long after the last recorded change; 0: never automatically. */
  autoDelayMs: number;
  /** A local build still running after this long is stopped (its process killed) and the run fails. */
  buildTimeoutMs: number;
  log: FastifyBaseLogger;
  /** Called once after each successful publish, with the run's start (what the new site includes). */
  onPublished?: (startedAt: Date) => void;
}

/** How the last run ended, for whoever waits on it (npm start's console lines). */
export interface Outcome {
  ok: boolean;
  durationMs: number;
  error?: string;
}

interface Run {
  startedAt: Date;
  step: string | null;
  progress: number | null;
  abort: AbortController;
}

/** How long a deploy hook may take to answer (it only has to acknowledge; the host builds afterwards). */
const HOOK_TIMEOUT_MS = 10_000;
/** How long a build stopped at its time limit may take to end (the build process gets SIGKILL after 3 s). */
const STOP_GRACE_MS = 10_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
/** A time limit said in French: "10 min", "1 min 30 s", "45 s". */
export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  const [min, sec] = [Math.floor(total / 60), total % 60];
  return min ? `${min} min${sec ? ` ${sec} s` : ''}` : `${sec} s`;
}

/**
 * Rebuilds the public site on request, one run at a time. A request during a run is remembered and
 * served by one more run right after, so edits made while a build reads the API are never left out.
 */
export function createPublisher(options: PublisherOptions) {
  const { audit, folder, log } = options;
  const mode = options.hookUrl ? 'hook' : 'local';
  let run: Run | null = null;
  let loop: Promise<void> | null = null;
  /** Who asked for another run while one was going (the last one to ask), or null. */
  let again: Actor | null = null;
  let last: Outcome | null = null;
  /** The last successful run's duration: what the next one will likely take. */
  let lastDurationMs: number | null = null;
  let autoTimer: NodeJS.Timeout | undefined;
  let autoAt: Date | null = null;
  let closing = false;

  async function callHook(url: string, signal: AbortSignal): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'ndako', requestedAt: new Date().toISOString() }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(HOOK_TIMEOUT_MS)]),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new Error(
        timedOut
          ? `Le hook de déploiement n’a pas répondu en ${HOOK_TIMEOUT_MS / 1000} s`
          : `Le hook de déploiement est injoignable : ${(error as Error).message}`,
        { cause: error },
      );
    }
    const body = (await response.text().catch(() => '')).trim().slice(0, 300);
    if (!response.ok) {
      throw new Error(`Le hook de déploiement a répondu HTTP ${response.status}${body ? ` : ${body}` : ''}`);
    }
    return `HTTP ${response.status}`;
  }

  /**
   * Runs the build with its time limit. A build past it is aborted (the builder kills its process) and
   * given a short grace to end, so nothing writes into its folder once discarded; a build that hangs
   * for good (a fetch without timeout) cannot hold publishing forever.
   */
  async function buildWithinLimit(outDir: string, current: Run): Promise<void> {
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(), options.buildTimeoutMs);
    const report = ({ step, progress }: BuildReport) => Object.assign(current, { step, progress });
    const building = options.build({
      outDir,
      signal: AbortSignal.any([current.abort.signal, limit.signal]),
      report,
    });
    const overtime = new Promise<'overtime'>((resolve) =>
      limit.signal.addEventListener('abort', () => resolve('overtime'), { once: true }),
    );
    try {
      const ended = building.then(
        () => 'built' as const,
        (error: unknown) => {
          // The builder's own "interrupted" error when the limit stopped it: the limit is the reason.
          if (limit.signal.aborted) return 'overtime' as const;
          throw error;
        },
      );
      if ((await Promise.race([ended, overtime])) === 'built') return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        building.catch(() => {}),
        new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(grace);
      throw new Error(
        `La construction du site a dépassé sa limite de ${duration(options.buildTimeoutMs)} ` +
          '(PUBLISH_TIMEOUT_SECONDS) : elle a été arrêtée et le site en ligne est conservé.',
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Builds, puts the build on the target if any (answering what it did there), then online here. */
  async function buildHere(current: Run): Promise<string | null> {
    const outDir = await folder.create();
    try {
      await buildWithinLimit(outDir, current);
      // A build that "succeeds" without a home page would put an empty site online.
      if (!existsSync(join(outDir, 'index.html'))) {
        throw new Error('La construction n’a produit aucune page d’accueil : le site en ligne est conservé');
      }
      Object.assign(current, { step: 'Mise en ligne', progress: 100 });
      const sent = (await options.target?.publish(outDir, current.abort.signal)) ?? null;
      await folder.switchTo(outDir);
      return sent;
    } catch (error) {
      await folder.discard(outDir).catch(() => {});
      throw error;
    }
  }

  async function runOnce(actor: Actor): Promise<void> {
    const current: Run = {
      startedAt: new Date(),
      step: mode === 'hook' ? 'Appel du hook de déploiement' : 'Préparation',
      progress: null,
      abort: new AbortController(),
    };
    run = current;
    // This run includes every change made so far: a scheduled automatic publish would add nothing.
    clearTimeout(autoTimer);
    autoAt = null;
    let held: HeldLease | null = null;
    try {
      held = await options.lease.acquire(actor, current, (reason) => current.abort.abort(new Error(reason)));
      // Another instance is building: it runs once more for this request after its build.
      if (!held) return;
      let how = 'Construit sur le serveur';
      if (mode === 'local') {
        const sent = await buildHere(current);
        if (sent) how += `, ${sent}`;
      } else how = `Hook de déploiement (${await callHook(options.hookUrl!, current.abort.signal)})`;
      const durationMs = Date.now() - current.startedAt.getTime();
      last = { ok: true, durationMs };
      lastDurationMs = durationMs;
      // Dated from the start: changes made while the build ran stay counted as pending.
      await audit
        .record(actor, {
          action: 'publish',
          entity: 'site',
          entityId: null,
          label: 'Site public',
          detail: `${how} en ${seconds(durationMs)}`,
          at: current.startedAt,
        })
        .catch((error: unknown) =>
          log.error({ err: error }, 'the publish is online but could not be recorded'),
        );
      log.info({ durationMs, mode, actor: actor.name }, 'public site published');
      options.onPublished?.(current.startedAt);
    } catch (error) {
      // A lease lost mid-build says so, rather than the builder's "interrupted".
      const lost = closing ? null : (current.abort.signal.reason as Error | undefined);
      const message =
        (lost ? `Publication arrêtée : ${lost.message}` : (error as Error).message) ||
        'Échec de la publication';
      last = { ok: false, durationMs: Date.now() - current.startedAt.getTime(), error: message };
      // Stopped by a shutdown is expected; any other failure is something to look at.
      if (current.abort.signal.aborted && closing)
        log.warn({ mode, error: message }, 'publishing stopped by shutdown');
      else log.error({ mode, error: message }, 'publishing the public site failed');
    } finally {
      run = null;
      // A request another instance left during this run is served like one made here: one more run.
      const asked = await held?.release();
      if (asked && !closing) again ??= asked;
    }
  }

  function schedule(): void {
    if (closing || options.autoDelayMs <= 0) return;
    clearTimeout(autoTimer);
    autoAt = new Date(Date.now() + options.autoDelayMs);
    autoTimer = setTimeout(() => {
      autoAt = null;
      publish(AUTOMATIC);
    }, options.autoDelayMs);
    autoTimer.unref();
  }
  const unsubscribe = audit.onChange((fact) => {
    if (!SITE_NEUTRAL_ENTITIES.includes(fact.entity)) schedule();
  });

  /** Starts a run, or asks for one more after the current run. */
  function publish(actor: Actor): void {
    if (closing) return;
    if (loop) {
      again = actor;
      return;
    }
    loop = (async () => {
      let next: Actor | null = actor;
      while (next && !closing) {
        again = null;
        await runOnce(next);
        next = again;
      }
    })().finally(() => {
      loop = null;
    });
  }

  return {
    mode,
    publish,

    async state(): Promise<PublishState> {
      const { lastPublishedAt, pendingChanges } = await audit.publishing();
      // A build on another instance shows here as running, with its step and progress.
      const running = run ?? (await options.lease.elsewhere());
      const failed = !running && last?.ok === false;
      return {
        state: running ? 'running' : failed ? 'failed' : 'idle',
        mode,
        lastPublishedAt: lastPublishedAt?.toISOString() ?? null,
        ...(failed && last?.error ? { lastError: last.error } : {}),
        startedAt: running?.startedAt.toISOString() ?? null,
        step: running?.step ?? null,
        progress: running?.progress ?? null,
        lastDurationMs,
        pendingChanges,
        autoPublishAt: autoAt?.toISOString() ?? null,
      };
    },

    /** Resolves when no run is going or wanted, with how the last one ended. */
    async settled(): Promise<Outcome | null> {
      while (loop) await loop;
      return last;
    },

    /** Shutdown: no new run, no scheduled one, and the running build is stopped (its process killed). */
    async close(): Promise<void> {
      closing = true;
      unsubscribe();
      clearTimeout(autoTimer);
      autoAt = null;
      run?.abort.abort();
      while (loop) await loop;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
