import type { APIRoute, GetStaticPaths } from 'astro';
import { catalogueParts } from '../../../build/catalogue-index.ts';
import { langParam, type LangProps } from '../../../build/routes.ts';
import { LANGS } from '../../../i18n/index.ts';

// The words of titles and addresses (decision 0032), fetched when a visitor types in the catalogue's text box;
// an English or Lingala page's hold its titles' words beside the French ones (/data/words.json for French,
// /data/en/words.json, /data/ln/words.json). Without a key: rendered at every publish, as before.
export const getStaticPaths = (() =>
  LANGS.map((lang) => ({ params: { lang: langParam(lang) }, props: { lang } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(JSON.stringify((await catalogueParts()).words[(props as LangProps).lang]));
