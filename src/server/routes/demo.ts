import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DemoClearResult, DemoStatus } from '../../contract/index.ts';

const tags = ['Demo'];

/** Going live: what is left of the demo data, and removing it (admins only). */
const demo: FastifyPluginAsyncZod = async (app) => {
  const secured = { onRequest: app.requireAdmin };

  app.get('/demo', { ...secured, schema: { tags, response: { 200: DemoStatus } } }, async () => ({
    remaining: await app.repos.demo.remaining(),
  }));

  app.post(
    '/demo/clear',
    { ...secured, schema: { tags, response: { 200: DemoClearResult } } },
    async (req) => {
      const { files, ...result } = await app.repos.demo.clear(req.account!);
      // After the commit: a failed transaction leaves every file its rows point to.
      await app.mediaStore.remove(files);
      // The public site still shows the demo until it is built again.
      if (result.deleted.properties + result.deleted.team > 0) app.publisher.publish(req.account!);
      return result;
    },
  );
};

export default demo;
