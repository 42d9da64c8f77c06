import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageViewInput, TapInput } from '../../contract/index.ts';
import { HttpError } from '../http-error.ts';
import { AGENCY } from '../repositories/leads.ts';
import { pagePattern } from '../publishing/site-manifest.ts';
import { kinshasaDay } from '../../shared/kinshasa-time.ts';

/** Past the day's cap, one page view in this many is stored. */
const SAMPLE_PAST_CAP = 100;

/** "/en/properties/?type=rent#map" → "/en/properties": one row name per page, whatever the address form. */
const pagePath = (raw: string) => raw.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');

/**
 * The public pages' beacon: page views, and taps on WhatsApp and telephone links. No cookie and nothing
 * personal is kept: the visitor is a keyed hash of address and browser under a secret that lives one day (then
 * deleted), so it cannot be reversed or linked across days (src/server/services/visitor.ts). Only the site's own pages are counted: anything else would fill the dashboard's top pages
 * with whatever a script sends.
 */
const analytics: FastifyPluginAsyncZod = async (app) => {
  // The live site's pages, from its manifest (a publish may add some): built again when the manifest changes.
  let pages: { of: object | null; pattern: RegExp | null } = { of: null, pattern: null };
  // Past PAGE_VIEWS_PER_DAY views a day on this instance, one in SAMPLE_PAST_CAP is stored: a flood (any
  // number of addresses and browsers) adds rows at a hundredth of its rate; the figures of such a day are
  // low, and the log says so once.
  let counted = { day: '', views: 0 };
  const sampled = (today: string): boolean => {
    if (counted.day !== today) counted = { day: today, views: 0 };
    counted.views++;
    const over = counted.views - app.env.PAGE_VIEWS_PER_DAY;
    if (over === 1) app.log.warn({ day: today }, 'page views past PAGE_VIEWS_PER_DAY: one in 100 is stored');
    return over <= 0 || over % SAMPLE_PAST_CAP === 0;
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
      if (!sampled(kinshasaDay())) return reply.status(204).send(null);
      await app.repos.stats.recordPageView({
        path,
        session: req.body.session,
        visitor: (await app.visitorOf(req.ip, req.headers['user-agent'] ?? '')).visitor,
      });
      return reply.status(204).send(null);
    },
  );

  // A tap on WhatsApp or a telephone number, counted once per visitor, listing and channel a day.
  app.post(
    '/analytics/tap',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['Analytics'], body: TapInput, response: { 204: z.null() } },
    },
    async (req, reply) => {
      const who = await app.visitorOf(req.ip, req.headers['user-agent'] ?? '');
      if (!(await app.repos.leads.tapped(req.body.property ?? AGENCY, req.body.channel, who)))
        throw new HttpError(404, 'Annonce introuvable');
      return reply.status(204).send(null);
    },
  );
};

export default analytics;
