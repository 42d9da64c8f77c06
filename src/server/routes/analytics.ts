import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PageViewInput } from '../../contract/index.ts';

/**
 * The public pages' page-view beacon. No cookie and nothing personal is kept: the visitor is a hash of
 * address and browser with a salt that lives in memory for one day, so it cannot be reversed or linked
 * across days.
 */
const analytics: FastifyPluginAsyncZod = async (app) => {
  let salt = { day: '', value: '' };
  const visitorOf = (ip: string, agent: string) => {
    const day = new Date().toISOString().slice(0, 10);
    if (salt.day !== day) salt = { day, value: randomBytes(16).toString('hex') };
    return createHash('sha256').update(`${salt.value}|${ip}|${agent}`).digest('hex').slice(0, 32);
  };

  app.post(
    '/analytics/pageview',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['Analytics'], body: PageViewInput, response: { 204: z.null() } },
    },
    async (req, reply) => {
      const path = req.body.path.split(/[?#]/)[0]!;
      await app.repos.stats.recordPageView({
        path,
        session: req.body.session,
        visitor: visitorOf(req.ip, req.headers['user-agent'] ?? ''),
      });
      return reply.status(204).send(null);
    },
  );
};

export default analytics;
