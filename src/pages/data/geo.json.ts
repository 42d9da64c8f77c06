import type { APIRoute } from 'astro';
import { catalogueParts } from '../../build/catalogue-index.ts';

// The listings' coordinates (decision 0032), fetched when the catalogue's map opens.
export const GET: APIRoute = async () => new Response(JSON.stringify((await catalogueParts()).geo));
