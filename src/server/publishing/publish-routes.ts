import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublishState } from '../../contract/index.ts';

const tags = ['Publish'];

/** Putting the public site online again after edits: any staff member may. */
const publish: FastifyPluginAsyncZod = async (app) => {
  const secured = { onRequest: app.authenticate };

  app.get('/publish', { ...secured, schema: { tags, response: { 200: PublishState } } }, () =>
    app.publisher.state(),
  );
  // 202: the build runs in the background; a request during a build asks for one more run right after.
  app.post(
    '/publish',
    { ...secured, schema: { tags, response: { 202: PublishState } } },
    async (req, reply) => {
      app.publisher.publish(req.account!);
      return reply.status(202).send(await app.publisher.state());
    },
  );
};

export default publish;
