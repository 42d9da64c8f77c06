import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AgencySettings, AgencySettingsInput } from '../../contract/index.ts';

const tags = ['Settings'];

const settings: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.settings;

  // Public: the site build reads it (every page names the agency), and nothing in it is private — it is
  // what the published pages show.
  app.get(
    '/settings/agency',
    {
      schema: {
        tags,
        summary: "L'identité de l'agence (nom, logo, coordonnées, horaires, réseaux, chiffres)",
        response: { 200: AgencySettings },
      },
    },
    () => repo.agency(),
  );

  // Admins only (spec: the agency's identity is the admins' business, like the team); audited.
  app.put(
    '/settings/agency',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Enregistre l'identité de l'agence (publiée à la prochaine publication du site)",
        body: AgencySettingsInput,
        response: { 200: AgencySettings },
      },
    },
    (req) => repo.saveAgency(req.body, req.account!),
  );
};

export default settings;
