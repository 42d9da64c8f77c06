import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  paginated,
  Property,
  PropertyInput,
  PropertyListQuery,
  PropertyStatusPatch,
  PropertyVersions,
  PropertyVerification,
  ViewCountResponse,
} from '../../contract/index.ts';
import { found } from '../http-error.ts';

const tags = ['Properties'];
const what = 'Propriété';

const properties: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.properties;
  const secured = { onRequest: app.authenticate };

  app.get(
    '/properties',
    {
      config: { readCache: true },
      schema: { tags, querystring: PropertyListQuery, response: { 200: paginated(Property) } },
    },
    (req) => repo.list(req.query),
  );
  app.get(
    '/properties/versions',
    {
      config: { readCache: true },
      schema: { tags, response: { 200: PropertyVersions } },
    },
    async () => ({ data: await repo.versions() }),
  );
  app.get(
    '/properties/:id',
    { config: { readCache: true }, schema: { tags, params: IdParams, response: { 200: Property } } },
    async (req) => found(await repo.get(req.params.id), what),
  );
  app.post(
    '/properties',
    { ...secured, schema: { tags, body: PropertyInput, response: { 201: Property } } },
    async (req, reply) => reply.status(201).send(await repo.create(req.body, req.account!)),
  );
  app.put(
    '/properties/:id',
    { ...secured, schema: { tags, params: IdParams, body: PropertyInput, response: { 200: Property } } },
    async (req) => found(await repo.update(req.params.id, req.body, req.account!), what),
  );
  app.patch(
    '/properties/:id/status',
    {
      ...secured,
      schema: { tags, params: IdParams, body: PropertyStatusPatch, response: { 200: Property } },
    },
    async (req) => found(await repo.setStatus(req.params.id, req.body.status, req.account!), what),
  );
  // Staff (agents too: they make the visits) record an on-site check. Who made it stays staff-only.
  app.post(
    '/properties/:id/verify',
    { ...secured, schema: { tags, params: IdParams, response: { 200: PropertyVerification } } },
    async (req) => found(await repo.verify(req.params.id, req.account!), what),
  );
  app.get(
    '/properties/:id/verification',
    { ...secured, schema: { tags, params: IdParams, response: { 200: PropertyVerification } } },
    async (req) => found(await repo.verification(req.params.id), what),
  );
  app.delete(
    '/properties/:id',
    { ...secured, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      found(await repo.remove(req.params.id, req.account!), what);
      return reply.status(204).send(null);
    },
  );
  app.patch(
    '/properties/:id/view',
    {
      // A view only moves a count: cached reads may show it up to the cache's 10 s late.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, keepsReadCache: true },
      schema: { tags, params: IdParams, response: { 200: ViewCountResponse } },
    },
    async (req) => {
      // Once per visitor and day on the server: reloads and new User-Agents add nothing.
      const who = await app.visitorOf(req.ip, req.headers['user-agent'] ?? '');
      return { id: req.params.id, viewCount: found(await app.repos.leads.viewed(req.params.id, who), what) };
    },
  );
};

export default properties;
