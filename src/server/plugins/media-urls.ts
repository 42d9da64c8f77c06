import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A media address as stored: relative to the server root (spec §3), the form MediaUrl accepts for ours. */
const STORED = /^\/media\/[A-Za-z0-9._-]+$/;

/** `value` with every string `from` accepts rewritten by `to`, in a new object (the original is not changed). */
function rewrite(value: unknown, from: (s: string) => boolean, to: (s: string) => string): unknown {
  if (typeof value === 'string') return from(value) ? to(value) : value;
  if (Array.isArray(value)) return value.map((v) => rewrite(v, from, to));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    // fromEntries defines own properties: a "__proto__" key stays a key, never the copy's prototype.
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, rewrite(v, from, to)]));
  }
  return value;
}

/**
 * With MEDIA_PUBLIC_BASE set, media addresses are "relative to server root; prefixed with a configured
 * base address" (spec §3): stored as `/media/<name>`, answered as `<base>/media/<name>` in every JSON
 * answer (the admin, the live listing and the site build read them there), and taken back to the stored
 * form when a body sends them again (the admin saves a listing with the addresses it was given), so the
 * database never depends on where the media are served from. Decision 0030.
 */
export default fp(async function mediaUrls(app: FastifyInstance) {
  const base = app.env.MEDIA_PUBLIC_BASE;
  if (!base) return;
  const served = `${base}/media/`;
  const isServed = (s: string) => s.startsWith(served) && STORED.test(s.slice(base.length));

  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') {
      request.body = rewrite(request.body, isServed, (s) => s.slice(base.length));
    }
  });
  app.addHook('preSerialization', async (_request, _reply, payload) =>
    rewrite(
      payload,
      (s) => STORED.test(s),
      (s) => `${base}${s}`,
    ),
  );
});
