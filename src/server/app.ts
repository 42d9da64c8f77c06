import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { constants } from 'node:zlib';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { apiDocs, buildApiUrl, type Env } from '../env.ts';
import { MEDIA_CACHE_CONTROL, mediaStore } from '../media/store.ts';
import { createRepositories } from './context.ts';
import { visitorIdentities } from './services/visitor.ts';
import { createWeeklyReport } from './services/weekly-report.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin, { frameworkErrors, logSafeError } from './plugins/errors.ts';
import mediaUrlsPlugin from './plugins/media-urls.ts';
import readCachePlugin from './plugins/read-cache.ts';
import securityPlugin from './plugins/security.ts';
import sitePlugin from './publishing/site-plugin.ts';
import { QuietRequestLog } from './request-log.ts';
import { MEDIA_VARIANT, saveDataRewrite } from './services/save-data.ts';
import accountsRoutes from './routes/accounts.ts';
import analyticsRoutes from './routes/analytics.ts';
import auditRoutes from './routes/audit.ts';
import authRoutes from './routes/auth.ts';
import dashboardRoutes from './routes/dashboard.ts';
import backupsRoutes from './routes/backups.ts';
import demoRoutes from './routes/demo.ts';
import healthRoutes from './routes/health.ts';
import mediaRoutes from './routes/media.ts';
import mediaUploadsRoutes from './routes/media-uploads.ts';
import alertsRoutes from './routes/alerts.ts';
import inboxRoutes from './routes/inbox.ts';
import messagesRoutes from './routes/messages.ts';
import propertiesRoutes from './routes/properties.ts';
import publishRoutes from './publishing/publish-routes.ts';
import settingsRoutes from './routes/settings.ts';
import shareRoutes from './routes/share.ts';
import ratesRoutes from './routes/rates.ts';
import teamRoutes from './routes/team.ts';
import visitsRoutes from './routes/visits.ts';
import { scheduleDailyBackups } from './services/backup-schedule.ts';
import { createAlerts, siteOrigin } from './services/alerts.ts';
import { createMailer, type Mailer } from './services/mailer.ts';
import { publishLease } from './publishing/publish-lease.ts';
import { createPublisher } from './publishing/publisher.ts';
import { createRetentionJob, retentionTasks } from './services/retention.ts';
import { createPartialUploads } from './services/partial-uploads.ts';
import { rendererBuilder, type SiteBuilder } from './publishing/site-build.ts';
import { siteTarget } from './publishing/site-target.ts';
import { siteFolder } from './publishing/site-folder.ts';
import { siteManifestReader } from './publishing/site-manifest.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { IPV6_CLIENT_PREFIX } from './services/client-address.ts';

/** What the API and site send that is worth compressing on the fly. */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|[/+](?:json|xml)(?:;|$)|^(?:application|text)\/javascript|^image\/svg\+xml/u;

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
export const ndako = fp<AppOptions>(async function ndako(app, { env, database, mailer, siteBuilder }) {
  const mediaDir = resolve(env.DATA_DIR, 'media');
  if (env.MEDIA_STORE === 'local') await mkdir(mediaDir, { recursive: true });

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
  const notifications =
    mailer ??
    createMailer(
      {
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM,
        to: env.MAIL_TO,
        agency: () => app.repos.settings.agency(),
      },
      app.log,
    );
  app.decorate('mailer', notifications);
  const alerts = createAlerts({
    repo: app.repos.alerts,
    mailer: notifications,
    rates: () => app.repos.rates.current(),
    agency: () => app.repos.settings.agency(),
    env,
    log: app.log,
  });
  app.decorate('alerts', alerts);
  // The site renderer stays between publishes (decision 0045); tests give a stand-in builder instead.
  const renderer = siteBuilder ? null : rendererBuilder(buildApiUrl(env), env.DATA_DIR);
  const publisher = createPublisher({
    audit: app.repos.audit,
    folder: siteFolder(env.SITE_DIR),
    // One builder at a time among the instances on this database (decision 0031).
    lease: publishLease(app.repos.publishLease, { log: app.log }),
    target: siteTarget(env),
    build: siteBuilder ?? renderer!.build,
    hookUrl: env.PUBLISH_HOOK_URL,
    autoDelayMs: env.PUBLISH_AUTO_DELAY_SECONDS * 1000,
    buildTimeoutMs: env.PUBLISH_TIMEOUT_SECONDS * 1000,
    log: app.log,
    // Once the new site is online, the alerts mail what it brought (decision 0028).
    onPublished: (startedAt) => void alerts.digest(startedAt).catch(() => {}),
  });
  app.decorate('publisher', publisher);
  const backups = env.BACKUP_DAILY ? scheduleDailyBackups({ database, env, log: app.log }) : null;
  const retention = createRetentionJob({
    audit: app.repos.audit,
    tasks: retentionTasks(env),
    log: app.log,
    maintain: () => database.maintain(),
  });
  app.decorate('retention', retention);
  // The admins' Monday report, sent by one instance (decision 0048).
  const weeklyReport = createWeeklyReport({
    repo: app.repos.weeklyReport,
    leads: app.repos.leads,
    inbox: app.repos.inbox,
    mailer: notifications,
    site: siteOrigin(env),
    log: app.log,
  });
  app.decorate('weeklyReport', weeklyReport);
  // In the listening server only (tests build the app without listening and run it by hand).
  let stopSweeping: (() => void) | undefined;
  app.addHook('onListen', async () => {
    retention.start();
    weeklyReport.start();
    stopSweeping = app.partialUploads.schedule();
  });
  app.addHook('onClose', async () => {
    stopSweeping?.();
    await retention.stop();
    await weeklyReport.stop();
    // A backup under way finishes before the database it reads closes.
    await backups?.stop();
    // A running build is stopped (its process killed) before the database it reads closes.
    await publisher.close();
    await renderer?.close();
    await alerts.idle();
    await notifications.idle();
    notifications.close();
  });

  await app.register(securityPlugin);
  await app.register(mediaUrlsPlugin);
  // Before compression: it keeps the JSON text, each client gets it in its own encoding.
  await app.register(readCachePlugin);
  // API answers compressed on the fly (quick Brotli): pages and assets come precompressed from the build.
  await app.register(fastifyCompress, {
    threshold: 1024,
    // Text only. The plugin's default also takes application/octet-stream, and a body that is already gzip
    // data (Pagefind's files, any .gz) is then passed through labelled with the negotiated encoding (br),
    // which browsers refuse to decode. Binary files are compressed formats already.
    customTypes: COMPRESSIBLE,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database: every API instance on one DATABASE_URL shares the limits (decision 0025).
    store: databaseRateLimitStore(app.repos.sharedState, app.log),
    // An IPv6 client counts by its /64, which it can rotate through: the plugin's default
    // today, written out so that the login throttle's key (addressKey) and this one cannot drift apart.
    ipv6Subnet: IPV6_CLIENT_PREFIX,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Trop de requêtes : réessayez dans ${Math.ceil(context.ttl / 1000)} secondes`,
    }),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: env.MEDIA_MAX_VIDEO_MB * 1_048_576 } });
  if (apiDocs(env)) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Ndako API',
          version: '1.0.0',
          description: "API de l'agence immobilière Ndako (Kinshasa)",
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  }

  await app.register(
    async (api) => {
      for (const routes of [
        healthRoutes,
        authRoutes,
        propertiesRoutes,
        teamRoutes,
        messagesRoutes,
        visitsRoutes,
        dashboardRoutes,
        mediaRoutes,
        mediaUploadsRoutes,
        analyticsRoutes,
        accountsRoutes,
        auditRoutes,
        publishRoutes,
        demoRoutes,
        backupsRoutes,
        settingsRoutes,
        ratesRoutes,
        alertsRoutes,
        inboxRoutes,
      ]) {
        await api.register(routes);
      }
    },
    { prefix: '/api' },
  );

  // The listings' share pictures, drawn here on first request (decision 0040), at the address pages name.
  await app.register(shareRoutes);

  // Media in a bucket are served from MEDIA_PUBLIC_BASE, not from here.
  if (env.MEDIA_STORE === 'local') {
    // A picture variant depends on Save-Data (services/save-data.ts): caches must keep both answers apart.
    app.addHook('onRequest', async (request, reply) => {
      if (MEDIA_VARIANT.test(request.url.split('?')[0] ?? '')) reply.header('vary', 'Save-Data');
    });
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      // Media names are random and never reused: they can be cached for good.
      setHeaders: (res) => {
        res.header('cache-control', MEDIA_CACHE_CONTROL);
        res.header('x-content-type-options', 'nosniff');
        res.header('content-security-policy', "default-src 'none'; sandbox");
      },
    });
  }

  await app.register(sitePlugin, { siteDir: env.SITE_DIR });
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
