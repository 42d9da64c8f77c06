import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  Message,
  MessageInput,
  MessageListQuery,
  MessageStatusPatch,
  paginated,
} from '../../contract/index.ts';
import { found } from '../http-error.ts';
import { siteOrigin } from '../services/alerts.ts';
import { leadNotification } from '../services/lead-mail.ts';

const tags = ['Messages'];
const what = 'Message';

const messages: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.messages;
  const secured = { onRequest: app.authenticate };

  app.get(
    '/messages',
    { ...secured, schema: { tags, querystring: MessageListQuery, response: { 200: paginated(Message) } } },
    (req) => repo.list(req.query),
  );
  app.get(
    '/messages/:id',
    { ...secured, schema: { tags, params: IdParams, response: { 200: Message } } },
    async (req) => found(await repo.get(req.params.id), what),
  );
  app.post(
    '/messages',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: { tags, body: MessageInput, response: { 201: Message } },
    },
    async (req, reply) => {
      const message = await repo.create(req.body);
      // To the listing's agent, the agency in copy, with a WhatsApp link and the admin's.
      const lead = await app.repos.inbox.forMail('message', message.id);
      app.mailer.notify(
        leadNotification(
          {
            subject: `Nouveau message : ${message.subject}`,
            text: `${message.senderName} <${message.senderEmail}>${message.senderPhone ? `, ${message.senderPhone}` : ''}\n\n${message.content}`,
            replyTo: message.senderEmail,
          },
          lead?.item ?? null,
          lead?.agentEmail ?? null,
          siteOrigin(app.env),
        ),
      );
      return reply.status(201).send(message);
    },
  );
  app.patch(
    '/messages/:id/status',
    { ...secured, schema: { tags, params: IdParams, body: MessageStatusPatch, response: { 200: Message } } },
    async (req) => found(await repo.setStatus(req.params.id, req.body.status, req.account!), what),
  );
  app.delete(
    '/messages/:id',
    { ...secured, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      found(await repo.remove(req.params.id, req.account!), what);
      return reply.status(204).send(null);
    },
  );
};

export default messages;
