import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  paginated,
  PublicTeamMember,
  ReassignListingsInput,
  ReassignListingsResult,
  TeamListQuery,
  TeamMember,
  TeamMemberInput,
} from '../../contract/index.ts';
import { found } from '../http-error.ts';

const tags = ['Team'];
const what = "Membre de l'équipe";

const team: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.team;
  // Agents manage listings and messages; the team is the admins' business.
  const secured = { onRequest: app.requireAdmin };

  // Anonymous callers (the site build, visitors) get active members in their public shape; staff with a
  // live session get everything. A call this public does not fail on a bad token: it is answered as public.
  const identified = {
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.headers.authorization === undefined) return;
      await app.authenticate(req, reply).catch(() => {
        req.account = null;
      });
    },
  };

  app.get(
    '/team',
    {
      ...identified,
      schema: {
        tags,
        querystring: TeamListQuery,
        response: { 200: z.union([paginated(TeamMember), paginated(PublicTeamMember)]) },
      },
    },
    (req) => (req.account ? repo.list(req.query) : repo.listPublic(req.query)),
  );
  app.get(
    '/team/:id',
    {
      ...identified,
      schema: { tags, params: IdParams, response: { 200: z.union([TeamMember, PublicTeamMember]) } },
    },
    async (req) => found(await (req.account ? repo.get(req.params.id) : repo.getPublic(req.params.id)), what),
  );
  app.post(
    '/team',
    { ...secured, schema: { tags, body: TeamMemberInput, response: { 201: TeamMember } } },
    async (req, reply) => reply.status(201).send(await repo.create(req.body, req.account!)),
  );
  app.put(
    '/team/:id',
    { ...secured, schema: { tags, params: IdParams, body: TeamMemberInput, response: { 200: TeamMember } } },
    async (req) => found(await repo.update(req.params.id, req.body, req.account!), what),
  );
  app.patch(
    '/team/:id/toggle-status',
    { ...secured, schema: { tags, params: IdParams, response: { 200: TeamMember } } },
    async (req) => found(await repo.toggle(req.params.id, req.account!), what),
  );
  app.post(
    '/team/:id/reassign',
    {
      ...secured,
      schema: {
        tags,
        summary: "Confie toutes les annonces d'un membre à un autre membre actif",
        params: IdParams,
        body: ReassignListingsInput,
        response: { 200: ReassignListingsResult },
      },
    },
    async (req) => found(await repo.reassignListings(req.params.id, req.body.to, req.account!), what),
  );
  app.delete(
    '/team/:id',
    { ...secured, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      found(await repo.remove(req.params.id, req.account!), what);
      return reply.status(204).send(null);
    },
  );
};

export default team;
