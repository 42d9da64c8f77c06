import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ExchangeRates, ExchangeRatesInput } from '../../contract/index.ts';

const tags = ['Rates'];

/** The exchange rates in force (decision 0021): anyone reads them, only admins set them. */
const rates: FastifyPluginAsyncZod = async (app) => {
  app.get('/rates', { config: { readCache: true }, schema: { tags, response: { 200: ExchangeRates } } }, () =>
    app.repos.rates.current(),
  );
  app.put(
    '/rates',
    {
      onRequest: app.requireAdmin,
      schema: { tags, body: ExchangeRatesInput, response: { 200: ExchangeRates } },
    },
    (req) => app.repos.rates.set(req.body, req.account!),
  );
};

export default rates;
