import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_NEUTRAL_ENTITIES, type PublishState } from '../../contract/index.ts';
import type { Actor, AuditRepository } from '../repositories/audit.ts';
import type { PublishLease } from './publish-lease.ts';
import { buildWithinLimit, callHook, type Run } from './publish-run.ts';
import { initialState, transition, type Effect, type MachineEvent } from './publisher-machine.ts';
import type { BuildResult, SiteBuilder } from './site-build.ts';
import type { SiteTarget } from './site-bucket.ts';
import type { SiteFolder } from './site-folder.ts';

export { duration } from './publish-run.ts';

/** Publishes nobody pressed for: the start-up build and the automatic one. */
export const STARTUP: Actor = { id: null, name: 'Démarrage' };
export const AUTOMATIC: Actor = { id: null, name: 'Publication automatique' };

export interface PublisherOptions {
  audit: AuditRepository;
  folder: SiteFolder;
  build: SiteBuilder;
  /** One publish at a time across the instances on this database (publishing/publish-lease.ts). */
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;

/**
 * Rebuilds the public site on request, one run at a time: the states and transitions are
 * publisher-machine.ts; this shell carries out its effects (a run, the automatic timer, a stop) and keeps
 * what the admin is shown (the running run's step, how the last one ended).
 */
export function createPublisher(options: PublisherOptions) {
  const { audit, folder, log } = options;
  const mode = options.hookUrl ? 'hook' : 'local';
  let machine = initialState;
  /** The run going on here, its step and progress (the machine's `running` phase), or null. */
  let run: Run | null = null;
  /** The chain of runs going on, for whoever waits for them to end. */
  let runs: Promise<void> | null = null;
  const history = { last: null as Outcome | null, lastDurationMs: null as number | null };
  let autoTimer: NodeJS.Timeout | undefined;

  function dispatch(event: MachineEvent): void {
    const { state, effects } = transition(machine, event);
    machine = state;
    for (const effect of effects) perform(effect);
  }

  function perform(effect: Effect): void {
    switch (effect.type) {
      case 'start': {
        const current: Run = {
          startedAt: new Date(),
          step: mode === 'hook' ? 'Appel du hook de déploiement' : 'Préparation',
          progress: null,
          abort: new AbortController(),
          leased: false,
        };
        run = current;
        const chain = runOnce(effect.actor, current).then((askedElsewhere) => {
          run = null;
          dispatch({ type: 'ended', askedElsewhere });
        });
        // The next run (started by 'ended' above) replaces this one as what `settled` waits for.
        runs = chain;
        const clear = () => {
          if (runs === chain) runs = null;
        };
        void chain.then(clear, clear);
        return;
      }
      case 'arm':
        clearTimeout(autoTimer);
        autoTimer = setTimeout(
          () => dispatch({ type: 'timer', actor: AUTOMATIC }),
          Math.max(0, effect.at.getTime() - Date.now()),
        );
        autoTimer.unref();
        return;
      case 'disarm':
        clearTimeout(autoTimer);
        return;
      case 'abort':
        run?.abort.abort();
        return;
      case 'supersede':
        // The pages of the running publish are online; its search index is made again by the next one.
        run?.followUp?.abort();
        return;
    }
  }

  /**
   * Builds, and answers what it did. A whole new build is put on the target if any, then online here; a
   * build the renderer changed in place (decision 0045) is online already, and goes to the target after.
   */
  async function buildHere(current: Run): Promise<{ result: BuildResult; how: string }> {
    const previousDir = await folder.current();
    const outDir = await folder.create();
    try {
      const result: BuildResult = (await buildWithinLimit(
        options.build,
        { outDir, previousDir },
        current,
        options.buildTimeoutMs,
      )) ?? { kind: 'new', dir: outDir };
      if (result.kind === 'applied') await folder.discard(outDir);
      // A build that "succeeds" without a home page would put an empty site online.
      else if (!existsSync(join(result.dir, 'index.html'))) {
        throw new Error('La construction n’a produit aucune page d’accueil : le site en ligne est conservé');
      }
      Object.assign(current, { step: 'Mise en ligne', progress: 100 });
      const sent = (await options.target?.publish(result.dir, current.abort.signal)) ?? null;
      if (result.kind === 'new') await folder.switchTo(result.dir);
      const how = [result.summary, sent].filter(Boolean).join(', ');
      return { result, how: how ? `Construit sur le serveur (${how})` : 'Construit sur le serveur' };
    } catch (error) {
      await folder.discard(outDir).catch(() => {});
      throw error;
    }
  }

  /**
   * The content search's index, once the pages are online: the run goes on meanwhile, and a new request
   * stops it (the next run makes it again). A failure leaves the pages online and says so in the log.
   */
  async function followSearch(current: Run, result: BuildResult): Promise<void> {
    if (!result.search) return;
    const followUp = new AbortController();
    Object.assign(current, {
      followUp,
      step: 'Index de la recherche (les pages sont en ligne)',
      progress: null,
    });
    const signal = AbortSignal.any([
      followUp.signal,
      current.abort.signal,
      AbortSignal.timeout(options.buildTimeoutMs),
    ]);
    try {
      await result.search(signal, ({ step }) =>
        Object.assign(current, { step: `${step} (les pages sont en ligne)` }),
      );
      await options.target?.publish(result.dir, current.abort.signal);
    } catch (error) {
      if (followUp.signal.aborted) log.info('search index left to the next publish, asked for meanwhile');
      else log.error({ error: (error as Error).message }, 'the search index could not follow the publish');
    } finally {
      delete current.followUp;
    }
  }

  /** One run under the lease; answers who asked another instance for a publish meanwhile. */
  async function runOnce(actor: Actor, current: Run): Promise<Actor | null> {
    const closed = () => machine.phase.name === 'closed';
    let held: Awaited<ReturnType<PublishLease['acquire']>> = null;
    try {
      held = await options.lease.acquire(actor, current, (reason) => current.abort.abort(new Error(reason)));
      // Another instance is building: it runs once more for this request after its build.
      if (!held) return null;
      current.leased = true;
      let how: string;
      let built: BuildResult | null = null;
      if (mode === 'local') ({ result: built, how } = await buildHere(current));
      else how = `Hook de déploiement (${await callHook(options.hookUrl!, current.abort.signal)})`;
      const durationMs = Date.now() - current.startedAt.getTime();
      Object.assign(history, { last: { ok: true, durationMs }, lastDurationMs: durationMs });
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
      log.info({ durationMs, mode, actor: actor.name, steps: built?.seconds }, 'public site published');
      options.onPublished?.(current.startedAt);
      if (built) await followSearch(current, built);
    } catch (error) {
      // A lease lost mid-build says so, rather than the builder's "interrupted".
      const lost = closed() ? null : (current.abort.signal.reason as Error | undefined);
      const message =
        (lost ? `Publication arrêtée : ${lost.message}` : (error as Error).message) ||
        'Échec de la publication';
      history.last = { ok: false, durationMs: Date.now() - current.startedAt.getTime(), error: message };
      // Stopped by a shutdown is expected; any other failure is something to look at.
      if (current.abort.signal.aborted && closed())
        log.warn({ mode, error: message }, 'publishing stopped by shutdown');
      else log.error({ mode, error: message }, 'publishing the public site failed');
    }
    // A request another instance left during this run is served like one made here: one more run.
    return (await held?.release()) ?? null;
  }

  const unsubscribe = audit.onChange((fact) => {
    if (SITE_NEUTRAL_ENTITIES.includes(fact.entity)) return;
    const at = options.autoDelayMs > 0 ? new Date(Date.now() + options.autoDelayMs) : null;
    dispatch({ type: 'change', at });
  });

  return {
    mode,
    /** Starts a run, or asks for one more after the current run. */
    publish: (actor: Actor) => dispatch({ type: 'request', actor }),

    async state(): Promise<PublishState> {
      const { lastPublishedAt, pendingChanges } = await audit.publishing();
      // A build on another instance shows here as running, with its step and progress; so does it while
      // this instance's run is still asking for the lease (it will not build then).
      const running = run?.leased ? run : ((await options.lease.elsewhere()) ?? run);
      const { last, lastDurationMs } = history;
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
        autoPublishAt: machine.autoAt?.toISOString() ?? null,
        searchFollowing: running === run && Boolean(run?.followUp),
      };
    },

    /** Resolves when no run is going or wanted, with how the last one ended. */
    async settled(): Promise<Outcome | null> {
      while (runs) await runs;
      await folder.pruned();
      return history.last;
    },

    /** Shutdown: no new run, no scheduled one, and the running build is stopped (its process killed). */
    async close(): Promise<void> {
      unsubscribe();
      dispatch({ type: 'close' });
      while (runs) await runs;
      await folder.pruned();
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
