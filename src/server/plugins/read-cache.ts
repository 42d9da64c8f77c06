import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public reads whose JSON answer may be kept a few seconds and reused (see read-cache.ts). */
    readCache?: boolean;
    /**
     * A public write that changes nothing the cached reads must show at once (a listing's view count):
     * it does not empty the cache, or every visitor's page load would.
     */
    keepsReadCache?: boolean;
  }
}

/**
 * How long an answer is reused: also how late an instance may show a write made through another instance on
 * the same database (each empties only its own cache), the bound docs/deploy.md states (decision 0031).
 */
export const READ_CACHE_TTL_MS = 3_000;
const MAX_ENTRIES = 500;
/** Writes that change what the cached reads show: listings and their agents (view counts excepted), and the
 *  exchange rates (the rates themselves, and the order of a sort by price). */
const INVALIDATES = /^\/api\/(properties|team|rates)(\/|\?|$)/;

/**
 * Keeps the serialised answers of the public listing reads for three seconds, keyed by URL, so a burst of
 * identical reads costs one query and one serialisation. Any staff write to listings or the team empties
 * it at once, so an answer is never older than the last write made through this server; the TTL bounds what
 * another server on the same PostgreSQL database may have changed meanwhile. View counts are the exception:
 * a view does not empty it, so the counts a read shows may be up to the TTL old (nothing public needs them
 * fresher, and the staff's Views page reads them through the same calls).
 */
export default fp(async function readCache(app: FastifyInstance) {
  const entries = new Map<string, { payload: string; expires: number }>();

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.readCache) return;
    const hit = entries.get(request.url);
    if (!hit || hit.expires < Date.now()) return;
    return reply.header('x-cache', 'hit').type('application/json; charset=utf-8').send(hit.payload);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method === 'GET' &&
      request.routeOptions.config.readCache &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      !reply.hasHeader('x-cache')
    ) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(request.url, { payload, expires: Date.now() + READ_CACHE_TTL_MS });
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (
      write &&
      !request.routeOptions.config.keepsReadCache &&
      reply.statusCode < 400 &&
      INVALIDATES.test(request.url)
    )
      entries.clear();
  });
});
