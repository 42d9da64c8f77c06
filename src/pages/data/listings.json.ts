import type { APIRoute } from 'astro';
import { allProperties, buildNow, buildRates } from '../../build/api.ts';
import { buildListingIndex } from '../../build/catalogue-index.ts';

// The catalogue's static index, built from the API: filters, pages and the map work from it without the API.
export const GET: APIRoute = async () =>
  new Response(
    JSON.stringify(buildListingIndex(await allProperties(), await buildRates(), await buildNow())),
  );
