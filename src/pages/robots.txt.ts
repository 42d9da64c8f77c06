import type { APIRoute } from 'astro';
import { agency } from '../build/site-config.ts';

export const GET: APIRoute = () =>
  new Response(
    `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${agency().siteUrl}/sitemap.xml\n`,
  );
