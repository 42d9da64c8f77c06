import type { APIRoute } from 'astro';
import { allProperties } from '../build/api.ts';
import { agency } from '../build/site-config.ts';
import { LANGS, LANG_META, localizePath } from '../i18n/index.ts';
import { COMMUNES } from '../shared/enums.ts';
import { communePath } from '../shared/communes.ts';

const PAGES = ['/', '/properties', '/favorites', '/about', '/contact', '/privacy', '/terms'];
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Every public page in every language, each with its alternates (hreflang) so engines pair them. */
export const GET: APIRoute = async () => {
  const site = agency().siteUrl;
  const properties = await allProperties();
  const paths = [
    ...PAGES,
    '/communes',
    ...COMMUNES.map(communePath),
    ...properties.map((p) => `/property/${p.id}`),
  ];
  const lastmod = new Map(properties.map((p) => [`/property/${p.id}`, p.updatedAt.slice(0, 10)]));
  const urls = paths.flatMap((path) =>
    LANGS.map((lang) => {
      const alternates = LANGS.map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${LANG_META[l].hreflang}" href="${escape(site + localizePath(path, l))}"/>`,
      ).join('');
      const date = lastmod.get(path);
      return `<url><loc>${escape(site + localizePath(path, lang))}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}${alternates}</url>`;
    }),
  );
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
  );
};
