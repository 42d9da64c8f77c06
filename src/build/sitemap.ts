import type { Property } from '../contract/index.ts';
import { LANGS, LANG_META, localizePath } from '../i18n/index.ts';
import { COMMUNES } from '../shared/enums.ts';
import { communePath } from '../shared/communes.ts';

/**
 * The sitemap in parts (decision 0045): /sitemap.xml is an index of /sitemaps/pages.xml (every page that is
 * not a listing) and /sitemaps/listings-{n}.xml (the listings whose id / LISTINGS_PER_PART is n). A file of a
 * sitemap may list 50,000 addresses and a listing has three (one per language): one file would have broken
 * past 16,000 listings, and each publish would have written all of it again for one edit.
 */
export const LISTINGS_PER_PART = 2000;

const PAGES = ['/', '/properties', '/favorites', '/about', '/contact', '/privacy', '/terms'];
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The parts of the sitemap: 'pages', then one per group of listing ids that has a listing. */
export function sitemapParts(properties: readonly Property[]): Map<string, Property[]> {
  const parts = new Map<string, Property[]>([['pages', []]]);
  const groups = new Map<number, Property[]>();
  for (const p of properties) {
    const n = Math.floor(p.id / LISTINGS_PER_PART);
    const group = groups.get(n);
    if (group) group.push(p);
    else groups.set(n, [p]);
  }
  for (const n of [...groups.keys()].sort((a, b) => a - b))
    parts.set(
      `listings-${n}`,
      groups.get(n)!.sort((a, b) => a.id - b.id),
    );
  return parts;
}

/** What a part shows of its listings: their addresses and the day each last changed. */
export const partFacts = (listings: readonly Property[]) =>
  listings.map((p) => [p.id, p.updatedAt.slice(0, 10)] as const);

/** A part: each address in every language, with its alternates (hreflang) so engines pair them. */
export function sitemapPart(site: string, part: string, listings: readonly Property[]): string {
  const entries: [path: string, lastmod: string | null][] =
    part === 'pages'
      ? [...PAGES, '/communes', ...COMMUNES.map(communePath)].map((path) => [path, null])
      : partFacts(listings).map(([id, day]) => [`/property/${id}`, day]);
  const urls = entries.flatMap(([path, date]) =>
    LANGS.map((lang) => {
      const alternates = LANGS.map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${LANG_META[l].hreflang}" href="${escape(site + localizePath(path, l))}"/>`,
      ).join('');
      return `<url><loc>${escape(site + localizePath(path, lang))}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}${alternates}</url>`;
    }),
  );
  return `${XML}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The index: one entry per part. */
export function sitemapIndex(site: string, parts: readonly string[]): string {
  const entries = parts.map(
    (part) => `<sitemap><loc>${escape(`${site}/sitemaps/${part}.xml`)}</loc></sitemap>`,
  );
  return `${XML}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}
