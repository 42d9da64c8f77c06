import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InboxDetail,
  InboxFilters,
  InboxItem,
  InboxParams,
  InboxPatch,
  InboxQuery,
  InboxSummary,
  paginated,
} from '../../contract/index.ts';
import { found, HttpError } from '../http-error.ts';
import { inboxCsv } from '../services/inbox-csv.ts';

const tags = ['Inbox'];
const what = 'Demande';

/**
 * "Demandes": messages, listing reports and visit requests in one list, each followed up by
 * staff (status, agent in charge, internal note, history), filtered, and exported as CSV.
 */
const inbox: FastifyPluginAsyncZod = async (app) => {
  const secured = { onRequest: app.authenticate };
  const repo = app.repos.inbox;
  app.get(
    '/requests',
    { ...secured, schema: { tags, querystring: InboxQuery, response: { 200: paginated(InboxItem) } } },
    (req) => repo.list(req.query),
  );
  app.get('/requests/summary', { ...secured, schema: { tags, response: { 200: InboxSummary } } }, () =>
    repo.summary(),
  );
  app.get(
    '/requests/export.csv',
    { ...secured, schema: { tags, querystring: InboxFilters, response: { 200: z.string() } } },
    async (req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="demandes-${day}.csv"`)
        .send(inboxCsv(await repo.all(req.query)));
    },
  );
  app.get(
    '/requests/:kind/:id',
    { ...secured, schema: { tags, params: InboxParams, response: { 200: InboxDetail } } },
    async (req) => found(await repo.get(req.params.kind, req.params.id), what),
  );
  app.patch(
    '/requests/:kind/:id',
    { ...secured, schema: { tags, params: InboxParams, body: InboxPatch, response: { 200: InboxDetail } } },
    async (req) => {
      const result = await repo.update(req.params.kind, req.params.id, req.body, req.account!);
      if (result === 'agent') throw new HttpError(400, 'Agent inconnu : choisissez un membre de l’équipe');
      return found(result, what);
    },
  );
};

export default inbox;
