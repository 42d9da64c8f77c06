import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { MediaIdParams, UploadResponse } from '../../contract/index.ts';
import { HttpError } from '../http-error.ts';
import { accountKey } from '../services/client-address.ts';
import { keyedLock } from '../services/keyed-lock.ts';
import { storeUpload, uploadLimits, type UploadLimits } from '../services/uploads.ts';

const tags = ['Media'];
const CHUNK_TYPE = 'application/offset+octet-stream';
// Counted per staff account, as the one-shot upload is (accountKey): the agents of an office behind one
// address each get their own count.
/** An agent starts a few videos a listing. */
const CREATION_LIMIT = { rateLimit: { max: 60, timeWindow: '10 minutes', keyGenerator: accountKey } };
/** One request a chunk (1 MiB from the admin): a fast connection sends several a second. */
const CHUNK_LIMIT = { rateLimit: { max: 1200, timeWindow: '1 minute', keyGenerator: accountKey } };

/** The web Request tus reads, made of Fastify's: its headers, and a chunk's body as the socket's stream. */
function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const chunk = req.headers['content-type']?.split(';')[0]?.trim() === CHUNK_TYPE;
  const body = chunk ? { body: Readable.toWeb(req.raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {};
  // Only the path matters to tus (its Location headers are relative).
  return new Request(new URL(req.url, 'http://api.invalid'), {
    method: req.method,
    headers,
    ...(body as RequestInit),
  });
}

type FinishServices = Pick<FastifyInstance, 'repos' | 'partialUploads' | 'mediaStore'>;

/**
 * The finish of upload `id`: its whole file stored as POST /media/upload stores a video, and recorded as the
 * media of the same id (201); the item recorded already, by a finish whose answer was lost or by another
 * instance, is answered again (200).
 */
async function finish(
  app: FinishServices,
  limits: UploadLimits,
  id: string,
  accountId: number,
  log: FastifyBaseLogger,
): Promise<{ status: 200 | 201; item: UploadResponse }> {
  // Finished already (the answer was lost on the way): the same item again.
  const done = await app.repos.media.item(id);
  if (done?.type === 'video') return { status: 200, item: UploadResponse.parse(done) };
  const bytes = await app.partialUploads.completed(id, accountId);
  let stored;
  try {
    stored = await storeUpload(bytes, 'video', app.mediaStore, limits, id);
  } catch (error) {
    // Not a video, or too large: it never will be, so nothing of it stays. A full disk may pass later.
    if (error instanceof HttpError && error.statusCode !== 507) await app.partialUploads.discard(id);
    throw error;
  }
  try {
    await app.repos.media.insert({ ...stored, id });
  } catch (error) {
    // Another instance finished it meanwhile, with the same files.
    const other = await app.repos.media.item(id);
    if (!other) throw error;
    return { status: 200, item: UploadResponse.parse(other) };
  }
  // Once the media is recorded: a failure here leaves the partial file to the sweep, never a hole.
  await app.partialUploads
    .discard(id)
    .catch((error: unknown) => log.warn({ err: error }, 'partial upload kept'));
  return { status: 201, item: stored.item };
}

/**
 * Resumable video uploads (tus 1.0, decision 0047) under /api/media/uploads, staff only: POST creates an
 * upload (Upload-Length at most MEDIA_MAX_VIDEO_MB), HEAD answers its offset, PATCH appends a chunk at it,
 * DELETE abandons it; then POST …/{id}/finish runs the checks of POST /media/upload on the whole file and
 * answers the same item. The tus server (services/partial-uploads.ts) gets a web Request of each call, so
 * that Fastify's hooks (authentication, rate limits, security headers, errors in French) apply as elsewhere.
 */
const mediaUploads: FastifyPluginAsyncZod = async (app) => {
  // A chunk goes to the store as it arrives, never buffered nor held to the JSON body limit.
  app.addContentTypeParser(CHUNK_TYPE, (_req, _payload, done) => done(null));
  const limits = uploadLimits(app.env);

  /** One tus call: its answer's status and headers (CORS and the content's headers are Fastify's, as elsewhere). */
  async function tus(req: FastifyRequest, reply: FastifyReply) {
    const answer = await app.partialUploads.handle(webRequest(req), req.account!.id);
    reply.status(answer.status);
    answer.headers.forEach((value, name) => {
      if (!/^(?:access-control-|content-length$|content-type$)/i.test(name)) reply.header(name, value);
    });
    return reply.send();
  }

  app.post(
    '/media/uploads',
    {
      onRequest: app.authenticate,
      config: CREATION_LIMIT,
      schema: { tags, summary: 'Crée un téléversement reprenable (tus)', response: { 201: z.null() } },
    },
    tus,
  );
  for (const method of ['PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/media/uploads/:id',
      onRequest: app.authenticate,
      config: CHUNK_LIMIT,
      schema: { tags, params: MediaIdParams, response: { 204: z.null() } },
      handler: tus,
    });
  }
  // The offset of an upload: a HEAD answers no body, so it stays out of the description the suites read.
  app.route({
    method: 'HEAD',
    url: '/media/uploads/:id',
    onRequest: app.authenticate,
    config: CHUNK_LIMIT,
    schema: { hide: true, params: MediaIdParams },
    handler: tus,
  });

  /** One finish at a time per upload in this process; across instances the media id's key decides. */
  const finishing = keyedLock();
  app.post(
    '/media/uploads/:id/finish',
    {
      onRequest: app.authenticate,
      config: CREATION_LIMIT,
      schema: { tags, params: MediaIdParams, response: { 200: UploadResponse, 201: UploadResponse } },
    },
    async (req, reply) => {
      const { id } = req.params;
      return finishing([id], async () => {
        const { status, item } = await finish(app, limits, id, req.account!.id, req.log);
        return reply.status(status).send(item);
      });
    },
  );
};

export default mediaUploads;
