import type { APIRoute, GetStaticPaths } from 'astro';
import { allProperties } from '../../build/api.ts';
import { pageKey } from '../../build/page-keys.ts';
import { agency } from '../../build/site-config.ts';
import { partFacts, sitemapPart, sitemapParts } from '../../build/sitemap.ts';
import type { Property } from '../../contract/index.ts';

// Every page that is not a listing, then the listings by groups of ids: a part is written again only when
// one of its listings appears, goes or changes on another day (its key).
export const getStaticPaths = (async () =>
  Promise.all(
    [...sitemapParts(await allProperties())].map(async ([part, listings]) => ({
      params: { part },
      props: { listings },
      cacheKey: await pageKey(part, partFacts(listings)),
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params, props }) =>
  new Response(sitemapPart(agency().siteUrl, params.part!, (props as { listings: Property[] }).listings));
