import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { constants } from 'node:zlib';
import { apiDocs, type Env } from '../env.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import mediaUrlsPlugin from './plugins/media-urls.ts';
import readCachePlugin from './plugins/read-cache.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import securityPlugin from './plugins/security.ts';
import { IPV6_CLIENT_PREFIX } from './services/client-address.ts';

/** What the API and site send that is worth compressing on the fly. */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|[/+](?:json|xml)(?:;|$)|^(?:application|text)\/javascript|^image\/svg\+xml/u;

/**
 * How every request is handled before a route answers it: security headers, media addresses, the read cache,
 * compression, JSON errors, authentication, rate limits and uploads.
 */
export async function registerHttp(app: FastifyInstance, env: Env): Promise<void> {
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
}

/** The API's description at /api/docs, where it is on (`API_DOCS`). */
export async function registerApiDocs(app: FastifyInstance, env: Env): Promise<void> {
  if (!apiDocs(env)) return;
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
