import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountInput,
  AccountSummary,
  IdParams,
  PageQuery,
  paginated,
  PasswordResetRequest,
  PasswordResetResponse,
} from '../../contract/index.ts';
import { found } from '../http-error.ts';
import { generatePassword, hashPassword } from '../services/passwords.ts';

const tags = ['Accounts'];

/** Staff accounts: the admins' business alone. */
const accounts: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.accounts;
  const secured = { onRequest: app.requireAdmin };

  app.get(
    '/accounts',
    { ...secured, schema: { tags, querystring: PageQuery, response: { 200: paginated(AccountSummary) } } },
    (req) => repo.list(req.query),
  );
  app.post(
    '/accounts',
    { ...secured, schema: { tags, body: AccountInput, response: { 201: AccountSummary } } },
    async (req, reply) => {
      const { password, ...account } = req.body;
      const passwordHash = await hashPassword(password);
      return reply.status(201).send(await repo.create({ ...account, passwordHash }, req.account!));
    },
  );
  app.post(
    '/accounts/:id/reset-password',
    {
      ...secured,
      schema: {
        tags,
        params: IdParams,
        body: PasswordResetRequest,
        response: { 200: PasswordResetResponse },
      },
    },
    async (req) => {
      const generated = req.body.password === undefined;
      const temporaryPassword = req.body.password ?? generatePassword();
      const passwordHash = await hashPassword(temporaryPassword);
      found(await repo.resetPassword(req.params.id, passwordHash, req.account!), 'Compte');
      // Answered once, to the admin who asked; never stored nor logged in clear.
      return { temporaryPassword, generated };
    },
  );
  app.delete(
    '/accounts/:id',
    { ...secured, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      found(await repo.remove(req.params.id, req.account!), 'Compte');
      return reply.status(204).send(null);
    },
  );
};

export default accounts;
