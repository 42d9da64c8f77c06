import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  listingPageOrigin,
  paginated,
  VisitListQuery,
  VisitRequest,
  VisitRequestInput,
  VisitStatusPatch,
} from '../../contract/index.ts';
import { found, HttpError } from '../http-error.ts';
import { siteOrigin } from '../services/alerts.ts';
import { leadNotification } from '../services/lead-mail.ts';

const tags = ['Visits'];

const visits: FastifyPluginAsyncZod = async (app) => {
  const publicOrigin = app.env.PUBLIC_URL ? new URL(app.env.PUBLIC_URL).origin : null;
  /** A page path made a link the agency can open from its e-mail (when the site's address is known). */
  const pageLink = (url: string) => (url.startsWith('/') && publicOrigin ? publicOrigin + url : url);
  app.post(
    '/mail/send-visit',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: { tags, body: VisitRequestInput, response: { 201: VisitRequest } },
    },
    async (req, reply) => {
      const { url } = req.body;
      // An absolute address names a host: only this site's (PUBLIC_URL) may go into the agency's e-mail.
      const origin = url ? listingPageOrigin(url) : null;
      if (origin !== null && origin !== publicOrigin) {
        throw new HttpError(400, 'Adresse de page invalide : seule une page d’annonce du site est acceptée');
      }
      const visit = await app.repos.visits.create(req.body);
      // To the listing's agent, the agency in copy, with a WhatsApp link and the admin's.
      const lead = await app.repos.inbox.forMail('visit', visit.id);
      app.mailer.notify(
        leadNotification(
          {
            subject: `Demande de visite : ${visit.name}, le ${visit.visitDate}`,
            text: `${visit.name} souhaite visiter le ${visit.visitDate}.\nTéléphone (WhatsApp) : ${visit.telephone}\nE-mail : ${visit.email ?? '—'}\nPage : ${visit.url ? pageLink(visit.url) : '—'}`,
            ...(visit.email ? { replyTo: visit.email } : {}),
          },
          lead?.item ?? null,
          lead?.agentEmail ?? null,
          siteOrigin(app.env),
        ),
      );
      return reply.status(201).send(visit);
    },
  );
  app.get(
    '/visits',
    {
      onRequest: app.authenticate,
      schema: { tags, querystring: VisitListQuery, response: { 200: paginated(VisitRequest) } },
    },
    (req) => app.repos.visits.list(req.query),
  );
  app.patch(
    '/visits/:id/status',
    {
      onRequest: app.authenticate,
      schema: { tags, params: IdParams, body: VisitStatusPatch, response: { 200: VisitRequest } },
    },
    async (req) =>
      found(
        await app.repos.visits.setStatus(req.params.id, req.body.status, req.account!),
        'Demande de visite',
      ),
  );
  app.delete(
    '/visits/:id',
    { onRequest: app.authenticate, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      found(await app.repos.visits.remove(req.params.id, req.account!), 'Demande de visite');
      return reply.status(204).send(null);
    },
  );
};

export default visits;
