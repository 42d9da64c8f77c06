import type { APIRoute } from 'astro';
import { catalogueParts } from '../../build/catalogue-index.ts';

// The catalogue's core (decision 0032): what filters, counts and pages need, fetched with the catalogue.
export const GET: APIRoute = async () => new Response(JSON.stringify((await catalogueParts()).core));
