import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlertInput,
  AlertList,
  AlertListQuery,
  AlertTokenAnswer,
  AlertTokenInput,
  IdParams,
  OkResponse,
} from '../../contract/index.ts';
import { ALERT_CONFIRM_HOURS } from '../../shared/alerts.ts';
import { found, HttpError } from '../http-error.ts';

const tags = ['Alertes'];
/** Like the contact form's (routes/messages.ts), counted in the shared store (decision 0025). */
const signUpLimit = { rateLimit: { max: 10, timeWindow: '10 minutes' } };
const linkLimit = { rateLimit: { max: 30, timeWindow: '10 minutes' } };

/**
 * Alerts without an account (decision 0028). The visitor's calls: sign up (answered the same whether the
 * address was known or not), then confirm or unsubscribe by POSTing a mail's token (a mail scanner's GET of
 * the link changes nothing). Staff's: the list and a deletion, audited.
 */
const alerts: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.alerts;
  const secured = { onRequest: app.authenticate };

  app.post(
    '/alerts',
    { config: signUpLimit, schema: { tags, body: AlertInput, response: { 202: OkResponse } } },
    async (req, reply) => {
      await app.alerts.subscribe(req.body);
      return reply.status(202).send({ success: true });
    },
  );
  app.post(
    '/alerts/confirm',
    { config: linkLimit, schema: { tags, body: AlertTokenInput, response: { 200: AlertTokenAnswer } } },
    async (req) => {
      const status = await repo.confirm(req.body.token);
      if (!status) {
        throw new HttpError(
          404,
          `Ce lien n’est plus valable : il expire après ${ALERT_CONFIRM_HOURS} heures`,
        );
      }
      return { status };
    },
  );
  app.post(
    '/alerts/unsubscribe',
    { config: linkLimit, schema: { tags, body: AlertTokenInput, response: { 200: AlertTokenAnswer } } },
    async (req) => ({
      status: found(await repo.unsubscribe(req.body.token), 'Alerte'),
    }),
  );
  app.get(
    '/alerts',
    { ...secured, schema: { tags, querystring: AlertListQuery, response: { 200: AlertList } } },
    (req) => repo.list(req.query),
  );
  app.delete(
    '/alerts/:id',
    { ...secured, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      found(await repo.remove(req.params.id, req.account!), 'Alerte');
      return reply.status(204).send(null);
    },
  );
};

export default alerts;
