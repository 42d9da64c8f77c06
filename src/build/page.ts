import { LANG_META, localizePath, translator, type Lang } from '../i18n/index.ts';
import { agency } from './site-config.ts';

/** What every page component needs: the translate function with the agency filled in, and localized links. */
export function pageTools(lang: Lang) {
  const a = agency();
  const t = translator(lang, { agency: a.name, phone: a.phone, email: a.email, address: a.address });
  return {
    t,
    lang,
    meta: LANG_META[lang],
    agency: a,
    /** A path of the site in this page's language. */
    href: (path: string) => localizePath(path, lang),
  };
}

/** The section of the site a path belongs to, for the header's active link (spec §2: by route prefix). */
export function sectionOf(path: string): string {
  const bare = localizePath(path, 'fr');
  if (bare === '/' || bare === '/home' || bare.startsWith('/home/')) return '/';
  if (bare.startsWith('/propert')) return '/properties';
  return `/${bare.split('/')[1] ?? ''}`;
}
