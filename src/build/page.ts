import {
  DICTIONARIES,
  LANG_META,
  localizePath,
  translator,
  type Lang,
  type MessageKey,
} from '../i18n/index.ts';
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

/**
 * The part of a language's dictionary an island needs, as a prop: islands never download all three
 * dictionaries. Agency placeholders are filled in at build time.
 */
export function islandMessages(lang: Lang, prefixes: readonly string[]): Record<string, string> {
  const { t } = pageTools(lang);
  const out: Record<string, string> = {};
  for (const key of Object.keys(DICTIONARIES[lang]) as MessageKey[]) {
    if (prefixes.some((p) => key.startsWith(p))) out[key] = t(key);
  }
  return out;
}

/** Dictionary prefixes the property card uses, for the islands that show cards. */
export const CARD_MESSAGES = [
  'card.',
  'category.',
  'type.',
  'facts.',
  'favorite.',
  'price.',
  'unit.',
  'toast.favorite',
  'money.',
  'moveIn.short',
  'moveIn.months.',
  'amenity.',
  'compare.toggle',
  'compare.full',
];
