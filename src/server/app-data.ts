import type { FastifyInstance } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { mediaStore } from '../media/store.ts';
import { createRepositories } from './context.ts';
import { createPartialUploads } from './services/partial-uploads.ts';
import { siteManifestReader } from './publishing/site-manifest.ts';
import { visitorIdentities } from './services/visitor.ts';

/** Where the app's data lives: the database and its repositories, the media store, the live site's manifest. */
export async function decorateData(app: FastifyInstance, env: Env, database: Database): Promise<void> {
  if (env.MEDIA_STORE === 'local') await mkdir(resolve(env.DATA_DIR, 'media'), { recursive: true });

  app.decorate('env', env);
  app.decorate('mediaStore', mediaStore(env));
  app.decorate('partialUploads', await createPartialUploads(env, app.log));
  app.decorate('database', database);
  app.decorate('repos', createRepositories(database, env));
  // The day's secret is shared by the instances through the database: a visitor counts once whichever answers.
  app.decorate(
    'visitorOf',
    visitorIdentities((day) => app.repos.sharedState.daySalt(day)),
  );
  app.decorate(
    'siteManifest',
    siteManifestReader(env.SITE_DIR, (message) => app.log.warn(message)),
  );
}
