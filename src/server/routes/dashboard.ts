import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardStats, LeadStats, LeadStatsQuery, VisitStats } from '../../contract/index.ts';

const tags = ['Dashboard'];

const dashboard: FastifyPluginAsyncZod = async (app) => {
  const secured = { onRequest: app.authenticate };
  app.get('/dashboard/stats', { ...secured, schema: { tags, response: { 200: DashboardStats } } }, () =>
    app.repos.stats.dashboard(),
  );
  app.get('/dashboard/visits', { ...secured, schema: { tags, response: { 200: VisitStats } } }, () =>
    app.repos.stats.visits(),
  );
  // What each listing and agent brought over 7 days, 30 days or since the start.
  app.get(
    '/dashboard/leads',
    { ...secured, schema: { tags, querystring: LeadStatsQuery, response: { 200: LeadStats } } },
    (req) => app.repos.leads.leadStats(req.query.period),
  );
};

export default dashboard;
