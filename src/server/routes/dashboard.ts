import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardStats, VisitStats } from '../../contract/index.ts';

const tags = ['Dashboard'];

const dashboard: FastifyPluginAsyncZod = async (app) => {
  const secured = { onRequest: app.authenticate };
  app.get('/dashboard/stats', { ...secured, schema: { tags, response: { 200: DashboardStats } } }, () =>
    app.repos.stats.dashboard(),
  );
  app.get('/dashboard/visits', { ...secured, schema: { tags, response: { 200: VisitStats } } }, () =>
    app.repos.stats.visits(),
  );
};

export default dashboard;
