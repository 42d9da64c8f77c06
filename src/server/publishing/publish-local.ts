import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildWithinLimit, type Run } from './publish-run.ts';
import type { BuildResult, SiteBuilder } from './site-build.ts';
import type { SiteTarget } from './site-bucket.ts';
import type { SiteFolder } from './site-folder.ts';

/** What a run that builds on this server uses (the publisher's options of the same names). */
export interface LocalBuild {
  folder: SiteFolder;
  build: SiteBuilder;
  target?: SiteTarget | undefined;
  buildTimeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * Builds, and answers what it did. A whole new build is put on the target if any, then online here; a
 * build the renderer changed in place (decision 0045) is online already, and goes to the target after.
 */
export async function buildHere(
  { folder, build, target, buildTimeoutMs }: LocalBuild,
  current: Run,
): Promise<{ result: BuildResult; how: string }> {
  const previousDir = await folder.current();
  const outDir = await folder.create();
  try {
    const result: BuildResult = (await buildWithinLimit(
      build,
      { outDir, previousDir },
      current,
      buildTimeoutMs,
    )) ?? { kind: 'new', dir: outDir };
    if (result.kind === 'applied') await folder.discard(outDir);
    // A build that "succeeds" without a home page would put an empty site online.
    else if (!existsSync(join(result.dir, 'index.html'))) {
      throw new Error('La construction n’a produit aucune page d’accueil : le site en ligne est conservé');
    }
    Object.assign(current, { step: 'Mise en ligne', progress: 100 });
    const sent = (await target?.publish(result.dir, current.abort.signal)) ?? null;
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
export async function followSearch(
  { target, buildTimeoutMs, log }: LocalBuild,
  current: Run,
  result: BuildResult,
): Promise<void> {
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
    AbortSignal.timeout(buildTimeoutMs),
  ]);
  try {
    await result.search(signal, ({ step }) =>
      Object.assign(current, { step: `${step} (les pages sont en ligne)` }),
    );
    await target?.publish(result.dir, current.abort.signal);
  } catch (error) {
    if (followUp.signal.aborted) log.info('search index left to the next publish, asked for meanwhile');
    else log.error({ error: (error as Error).message }, 'the search index could not follow the publish');
  } finally {
    delete current.followUp;
  }
}
