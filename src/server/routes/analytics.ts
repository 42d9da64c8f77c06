import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PageViewInput } from '../../contract/index.ts';
import { HttpError } from '../http-error.ts';
import { pagePattern } from '../services/site-manifest.ts';

/** "/en/properties/?type=rent#map" → "/en/properties": one row name per page, whatever the address form. */
const pagePath = (raw: string) => raw.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');

/**
 * The public pages' page-view beacon. No cookie and nothing personal is kept: the visitor is a hash of
 * address and browser with a salt that lives one day (then deleted), so it cannot be reversed or linked
 * across days. Only the site's own pages are counted: anything else would fill the dashboard's top pages
 * with whatever a script sends.
 */
const analytics: FastifyPluginAsyncZod = async (app) => {
  // The live site's pages, from its manifest (a publish may add some): built again when the manifest changes.
  let pages: { of: object | null; pattern: RegExp | null } = { of: null, pattern: null };
  // The day's salt is kept in the database, shared by every API instance (a visitor counts once a day
  // whichever answers) and deleted when the day is over; each instance remembers it for the day.
  let salt = { day: '', value: '' };
  const visitorOf = async (ip: string, agent: string) => {
    // The salt turns over at midnight in Kinshasa, the day the dashboard's rows are counted in.
    const day = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    if (salt.day !== day) salt = { day, value: await app.repos.sharedState.daySalt(day) };
    return createHash('sha256').update(`${salt.value}|${ip}|${agent}`).digest('hex').slice(0, 32);
  };

  app.post(
    '/analytics/pageview',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['Analytics'], body: PageViewInput, response: { 204: z.null() } },
    },
    async (req, reply) => {
      const path = pagePath(req.body.path);
      const manifest = await app.siteManifest();
      if (pages.of !== manifest) pages = { of: manifest, pattern: manifest && pagePattern(manifest) };
      if (!pages.pattern?.test(path))
        throw new HttpError(400, 'Chemin invalide : ce n’est pas une page du site');
      await app.repos.stats.recordPageView({
        path,
        session: req.body.session,
        visitor: await visitorOf(req.ip, req.headers['user-agent'] ?? ''),
      });
      return reply.status(204).send(null);
    },
  );
};

export default analytics;
