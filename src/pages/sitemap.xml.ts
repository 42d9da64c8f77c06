import type { APIRoute } from 'astro';
import { allProperties } from '../build/api.ts';
import { agency } from '../build/site-config.ts';
import { sitemapIndex, sitemapParts } from '../build/sitemap.ts';

/** The sitemap's index: its parts (src/build/sitemap.ts), listed in robots.txt. */
export const GET: APIRoute = async () =>
  new Response(sitemapIndex(agency().siteUrl, [...sitemapParts(await allProperties()).keys()]));
