import type { APIRoute } from 'astro';
import { catalogueParts } from '../../build/catalogue-index.ts';

// The words of titles and addresses (decision 0032), fetched when a visitor types in the catalogue's text box.
export const GET: APIRoute = async () => new Response(JSON.stringify((await catalogueParts()).words));
