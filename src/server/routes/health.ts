import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['Health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await app.database.ping();
      return { status: 'ok' as const };
    },
  );
};

export default health;
