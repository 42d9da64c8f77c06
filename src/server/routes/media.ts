import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MediaIdParams, UploadFields, UploadResponse } from '../../contract/index.ts';
import { found, HttpError } from '../http-error.ts';
import { accountKey } from '../services/client-address.ts';
import { storeUpload, uploadLimits } from '../services/uploads.ts';

const tags = ['Media'];

/** Per staff account (MEDIA_UPLOADS_PER_MINUTE), counted as every limit is: in the database, a French 429. */
const uploadRateLimit = (perMinute: number) => ({
  rateLimit: { max: perMinute, timeWindow: '1 minute', keyGenerator: accountKey },
});

const media: FastifyPluginAsyncZod = async (app) => {
  const limits = uploadLimits(app.env);

  app.post(
    '/media/upload',
    {
      onRequest: app.authenticate,
      config: uploadRateLimit(app.env.MEDIA_UPLOADS_PER_MINUTE),
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: UploadResponse } },
    },
    async (req, reply) => {
      let file: Buffer | undefined;
      const fields: Record<string, unknown> = {};
      try {
        for await (const part of req.parts({
          limits: { fileSize: limits.maxVideoBytes, files: 1, fields: 5 },
        })) {
          if (part.type === 'file') file = await part.toBuffer();
          else fields[part.fieldname] = part.value;
        }
      } catch (error) {
        // The multipart plugin's own errors (limits, prototype keys) carry their 4xx; the parser's plain
        // errors (no boundary, a truncated body, a malformed part header) are the sender's mistake too.
        if ((error as { statusCode?: number }).statusCode) throw error;
        throw new HttpError(400, 'Formulaire multipart mal formé');
      }
      if (!file?.length) throw new HttpError(400, 'Aucun fichier reçu (champ « file »)');
      const declared = UploadFields.safeParse(fields);
      if (!declared.success) throw new HttpError(400, 'Champ « type » invalide : image ou video');
      const stored = await storeUpload(file, declared.data.type, app.mediaStore, limits);
      await app.repos.media.insert({ ...stored, id: stored.item.id });
      return reply.status(201).send(stored.item);
    },
  );

  app.delete(
    '/media/:id',
    { onRequest: app.authenticate, schema: { tags, params: MediaIdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const files = found(await app.repos.media.remove(req.params.id, req.account!), 'Média');
      // Once the record is gone (committed): a failure to remove a file leaves an orphan, never a hole.
      await app.mediaStore.remove(files);
      return reply.status(204).send(null);
    },
  );
};

export default media;
