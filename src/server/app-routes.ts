import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resolve } from 'node:path';
import type { Env } from '../env.ts';
import { MEDIA_CACHE_CONTROL } from '../media/store.ts';
import publishRoutes from './publishing/publish-routes.ts';
import sitePlugin from './publishing/site-plugin.ts';
import accountsRoutes from './routes/accounts.ts';
import alertsRoutes from './routes/alerts.ts';
import analyticsRoutes from './routes/analytics.ts';
import auditRoutes from './routes/audit.ts';
import authRoutes from './routes/auth.ts';
import backupsRoutes from './routes/backups.ts';
import dashboardRoutes from './routes/dashboard.ts';
import demoRoutes from './routes/demo.ts';
import healthRoutes from './routes/health.ts';
import inboxRoutes from './routes/inbox.ts';
import mediaRoutes from './routes/media.ts';
import mediaUploadsRoutes from './routes/media-uploads.ts';
import messagesRoutes from './routes/messages.ts';
import propertiesRoutes from './routes/properties.ts';
import ratesRoutes from './routes/rates.ts';
import settingsRoutes from './routes/settings.ts';
import shareRoutes from './routes/share.ts';
import teamRoutes from './routes/team.ts';
import visitsRoutes from './routes/visits.ts';
import { MEDIA_VARIANT } from './services/save-data.ts';

/** Every call of the API, under /api. */
export async function registerApi(app: FastifyInstance): Promise<void> {
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
}

/** What is served outside /api: share pictures, uploaded media (when kept on this disk) and the built site at /. */
export async function registerFiles(app: FastifyInstance, env: Env): Promise<void> {
  // The listings' share pictures, drawn here on first request (decision 0040), at the address pages name.
  await app.register(shareRoutes);

  // Media in a bucket are served from MEDIA_PUBLIC_BASE, not from here.
  if (env.MEDIA_STORE === 'local') {
    // A picture variant depends on Save-Data (services/save-data.ts): caches must keep both answers apart.
    app.addHook('onRequest', async (request, reply) => {
      if (MEDIA_VARIANT.test(request.url.split('?')[0] ?? '')) reply.header('vary', 'Save-Data');
    });
    await app.register(fastifyStatic, {
      root: resolve(env.DATA_DIR, 'media'),
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
}
