import type { FastifyBaseLogger } from 'fastify';
import { SITE_NEUTRAL_ENTITIES, type PublishState } from '../../contract/index.ts';
import type { Actor, AuditRepository } from '../repositories/audit.ts';
import type { PublishLease } from './publish-lease.ts';
import { buildHere, followSearch } from './publish-local.ts';
import { callHook, type Run } from './publish-run.ts';
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

/** How runs ended here, for the admin's panel. */
interface History {
  last: Outcome | null;
  lastDurationMs: number | null;
}

/** What one run needs besides its own state: the options, how this server publishes, what came before. */
interface RunContext {
  options: PublisherOptions;
  mode: 'hook' | 'local';
  history: History;
  /** Whether the publisher has been closed (a run stopped then was stopped on purpose). */
  closed: () => boolean;
}

/** A successful run: remembered, audited (dated from its start) and logged; then the alerts hear of it. */
async function recordSuccess(
  { options, mode, history }: RunContext,
  actor: Actor,
  current: Run,
  { how, built }: { how: string; built: BuildResult | null },
): Promise<void> {
  const { audit, log } = options;
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
    .catch((error: unknown) => log.error({ err: error }, 'the publish is online but could not be recorded'));
  log.info({ durationMs, mode, actor: actor.name, steps: built?.seconds }, 'public site published');
  options.onPublished?.(current.startedAt);
}

/** A failed run: remembered with a message for staff, and logged as expected (a shutdown) or not. */
function recordFailure({ options, mode, history, closed }: RunContext, current: Run, error: unknown): void {
  // A lease lost mid-build says so, rather than the builder's "interrupted".
  const lost = closed() ? null : (current.abort.signal.reason as Error | undefined);
  const message =
    (lost ? `Publication arrêtée : ${lost.message}` : (error as Error).message) || 'Échec de la publication';
  history.last = { ok: false, durationMs: Date.now() - current.startedAt.getTime(), error: message };
  // Stopped by a shutdown is expected; any other failure is something to look at.
  if (current.abort.signal.aborted && closed())
    options.log.warn({ mode, error: message }, 'publishing stopped by shutdown');
  else options.log.error({ mode, error: message }, 'publishing the public site failed');
}

/** One run under the lease; answers who asked another instance for a publish meanwhile. */
async function runOnce(context: RunContext, actor: Actor, current: Run): Promise<Actor | null> {
  const { options, mode } = context;
  let held: Awaited<ReturnType<PublishLease['acquire']>> = null;
  try {
    held = await options.lease.acquire(actor, current, (reason) => current.abort.abort(new Error(reason)));
    // Another instance is building: it runs once more for this request after its build.
    if (!held) return null;
    current.leased = true;
    let how: string;
    let built: BuildResult | null = null;
    if (mode === 'local') ({ result: built, how } = await buildHere(options, current));
    else how = `Hook de déploiement (${await callHook(options.hookUrl!, current.abort.signal)})`;
    await recordSuccess(context, actor, current, { how, built });
    if (built) await followSearch(options, current, built);
  } catch (error) {
    recordFailure(context, current, error);
  }
  // A request another instance left during this run is served like one made here: one more run.
  return (await held?.release()) ?? null;
}

/** What the admin's publish panel shows: this instance's run, or another's build, and how the last ended. */
async function publishState(
  { options, mode, history }: RunContext,
  /** Read as the answer is made: the run may start or end while the database answers. */
  live: { run: () => Run | null; autoAt: () => Date | null },
): Promise<PublishState> {
  const { lastPublishedAt, pendingChanges } = await options.audit.publishing();
  // A build on another instance shows here as running, with its step and progress; so does it while
  // this instance's run is still asking for the lease (it will not build then).
  const here = live.run();
  const running = here?.leased ? here : ((await options.lease.elsewhere()) ?? live.run());
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
    autoPublishAt: live.autoAt()?.toISOString() ?? null,
    searchFollowing: running === live.run() && Boolean(running?.followUp),
  };
}

/** A new run, at its first step. */
const newRun = (mode: RunContext['mode']): Run => ({
  startedAt: new Date(),
  step: mode === 'hook' ? 'Appel du hook de déploiement' : 'Préparation',
  progress: null,
  abort: new AbortController(),
  leased: false,
});

/**
 * Rebuilds the public site on request, one run at a time: the states and transitions are
 * publisher-machine.ts; this shell carries out its effects (a run, the automatic timer, a stop) and keeps
 * what the admin is shown (the running run's step, how the last one ended).
 */
export function createPublisher(options: PublisherOptions) {
  const { audit, folder } = options;
  const mode = options.hookUrl ? 'hook' : 'local';
  let machine = initialState;
  /** The run going on here, its step and progress (the machine's `running` phase), or null. */
  let run: Run | null = null;
  /** The chain of runs going on, for whoever waits for them to end. */
  let runs: Promise<void> | null = null;
  const history: History = { last: null, lastDurationMs: null };
  const context: RunContext = { options, mode, history, closed: () => machine.phase.name === 'closed' };
  let autoTimer: NodeJS.Timeout | undefined;

  function dispatch(event: MachineEvent): void {
    const { state, effects } = transition(machine, event);
    machine = state;
    for (const effect of effects) perform(effect);
  }

  function start(actor: Actor): void {
    const current = newRun(mode);
    run = current;
    const chain = runOnce(context, actor, current).then((askedElsewhere) => {
      run = null;
      dispatch({ type: 'ended', askedElsewhere });
    });
    // The next run (started by 'ended' above) replaces this one as what `settled` waits for.
    runs = chain;
    const clear = () => {
      if (runs === chain) runs = null;
    };
    void chain.then(clear, clear);
  }

  function perform(effect: Effect): void {
    if (effect.type === 'start') start(effect.actor);
    if (effect.type === 'arm') {
      clearTimeout(autoTimer);
      autoTimer = setTimeout(
        () => dispatch({ type: 'timer', actor: AUTOMATIC }),
        Math.max(0, effect.at.getTime() - Date.now()),
      );
      autoTimer.unref();
    }
    if (effect.type === 'disarm') clearTimeout(autoTimer);
    if (effect.type === 'abort') run?.abort.abort();
    // The pages of the running publish are online; its search index is made again by the next one.
    if (effect.type === 'supersede') run?.followUp?.abort();
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

    state: (): Promise<PublishState> =>
      publishState(context, { run: () => run, autoAt: () => machine.autoAt }),

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
