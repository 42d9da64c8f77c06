import type { BuildReport, BuildResult, SiteBuilder } from './site-build.ts';

/** How long a deploy hook may take to answer (it only has to acknowledge; the host builds afterwards). */
const HOOK_TIMEOUT_MS = 10_000;
/** How long a build stopped at its time limit may take to end (the build process gets SIGKILL after 3 s). */
const STOP_GRACE_MS = 10_000;

/** Where a run is: what the admin shows while it goes (and the lease copies for other instances). */
export interface Run {
  startedAt: Date;
  step: string | null;
  progress: number | null;
  abort: AbortController;
  /** Whether it holds the publish lease yet: until then another instance's build may be the one. */
  leased: boolean;
  /** Once the pages are online, while the search index follows: stops that step (a new publish redoes it). */
  followUp?: AbortController;
}

/** A time limit said in French: "10 min", "1 min 30 s", "45 s". */
export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  const [min, sec] = [Math.floor(total / 60), total % 60];
  return min ? `${min} min${sec ? ` ${sec} s` : ''}` : `${sec} s`;
}

/** POSTs to the deploy hook; answers what it said ("HTTP 202"), or throws a message for staff. */
export async function callHook(url: string, signal: AbortSignal): Promise<string> {
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
export async function buildWithinLimit(
  build: SiteBuilder,
  job: { outDir: string; previousDir: string | null },
  current: Run,
  timeoutMs: number,
): Promise<BuildResult | void> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), timeoutMs);
  const report = ({ step, progress }: BuildReport) => Object.assign(current, { step, progress });
  const building = build({
    ...job,
    signal: AbortSignal.any([current.abort.signal, limit.signal]),
    report,
  });
  const overtime = new Promise<'overtime'>((resolve) =>
    limit.signal.addEventListener('abort', () => resolve('overtime'), { once: true }),
  );
  try {
    let result: BuildResult | void = undefined;
    const ended = building.then(
      (built) => {
        result = built;
        return 'built' as const;
      },
      (error: unknown) => {
        // The builder's own "interrupted" error when the limit stopped it: the limit is the reason.
        if (limit.signal.aborted) return 'overtime' as const;
        throw error;
      },
    );
    if ((await Promise.race([ended, overtime])) === 'built') return result;
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      building.catch(() => {}),
      new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
    ]);
    clearTimeout(grace);
    throw new Error(
      `La construction du site a dépassé sa limite de ${duration(timeoutMs)} ` +
        '(PUBLISH_TIMEOUT_SECONDS) : elle a été arrêtée et le site en ligne est conservé.',
    );
  } finally {
    clearTimeout(timer);
  }
}
