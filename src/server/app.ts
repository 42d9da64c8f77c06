import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { decorateData } from './app-data.ts';
import { registerApiDocs, registerHttp } from './app-http.ts';
import { startJobs } from './app-jobs.ts';
import { registerApi, registerFiles } from './app-routes.ts';
import { frameworkErrors, logSafeError } from './plugins/errors.ts';
import type { SiteBuilder } from './publishing/site-build.ts';
import { QuietRequestLog } from './request-log.ts';
import type { Mailer } from './services/mailer.ts';
import { saveDataRewrite } from './services/save-data.ts';

export interface AppOptions {
  env: Env;
  database: Database;
  mailer?: Mailer;
  /** How the public site is built; `astro build` by default (tests give a quick stand-in). */
  siteBuilder?: SiteBuilder;
}

// Validation messages in French, the language of the agency's staff.
z.config(z.locales.fr());

/**
 * The whole Ndako server as one plugin: API under /api, uploaded media under /media, share pictures under
 * /share, the built site at /.
 */
export const ndako = fp<AppOptions>(async function ndako(app, options) {
  const { env } = options;
  await decorateData(app, env, options.database);
  startJobs(app, options);
  await registerHttp(app, env);
  await registerApiDocs(app, env);
  await registerApi(app);
  await registerFiles(app, env);
});

/** A configured, not yet listening Fastify instance with Ndako registered (server.ts and the tests). */
export async function createApp(
  options: AppOptions & { logger?: FastifyServerOptions['logger'] },
): Promise<FastifyInstance> {
  const { env } = options;
  const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;
  const logger = options.logger ?? false;
  const app = Fastify({
    // Every logged error goes through logSafeError: no query parameters in the logs.
    logger:
      typeof logger === 'object'
        ? { ...logger, serializers: { ...logger.serializers, err: logSafeError } }
        : logger && { serializers: { err: logSafeError } },
    logController: new QuietRequestLog(),
    trustProxy: env.TRUST_PROXY,
    // A client trickling its headers or body (a few bytes a second keeps a socket from being idle) is cut
    // once the whole request has taken requestTimeout; an idle socket after connectionTimeout.
    requestTimeout,
    connectionTimeout: env.CONNECTION_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      // Node checks those two limits on a timer (30 s by default): a tenth of the limit keeps them close.
      connectionsCheckingInterval: Math.min(30_000, Math.max(500, requestTimeout / 10)),
    },
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
    // Save-Data: on gets the smallest variant of a picture.
    rewriteUrl: saveDataRewrite(resolve(env.DATA_DIR, 'media')),
    frameworkErrors,
  });
  // The API speaks JSON (and multipart for uploads): a text/plain body is an unsupported type, not a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(ndako, options);
  await app.ready();
  return app;
}
