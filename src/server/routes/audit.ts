import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEntry, AuditListQuery, paginated } from '../../contract/index.ts';

/** The log of staff changes, newest first: admins only. */
const audit: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['Audit'], querystring: AuditListQuery, response: { 200: paginated(AuditEntry) } },
    },
    (req) => app.repos.audit.list(req.query),
  );
};

export default audit;
