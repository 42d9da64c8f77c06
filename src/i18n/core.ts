/**
 * Language helpers that do not load any dictionary, so a React island can import them cheaply and receive
 * only the strings it needs. index.ts adds the dictionaries on top.
 */
import type { TeamRole } from '../contract/enums.ts';
import type { Dictionary, MessageKey, Params, Translate } from './types.ts';

export const LANGS = ['fr', 'en', 'ln'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'fr';

export interface LangMeta {
  /** The language's name in itself, shown in the switcher. */
  name: string;
  /** The value of <html lang>. */
  htmlLang: string;
  flag: string;
  /** The value of hreflang on alternate links. */
  hreflang: string;
  /** OpenGraph og:locale. */
  ogLocale: string;
}

export const LANG_META: Record<Lang, LangMeta> = {
  fr: { name: 'Français', htmlLang: 'fr', flag: '🇫🇷', hreflang: 'fr', ogLocale: 'fr_CD' },
  en: { name: 'English', htmlLang: 'en', flag: '🇬🇧', hreflang: 'en', ogLocale: 'en_US' },
  ln: { name: 'Lingála', htmlLang: 'ln', flag: '🇨🇩', hreflang: 'ln', ogLocale: 'ln_CD' },
};

export function isLang(x: unknown): x is Lang {
  return typeof x === 'string' && (LANGS as readonly string[]).includes(x);
}

/** A path prefix of a language other than the default one: /en or /ln, followed by / or the end. */
const LANG_PREFIX = /^\/(en|ln)(?=\/|$)/;

/** The language of a page from its path: /en/… is English, /ln/… Lingala, anything else French. */
export function langFromPath(pathname: string): Lang {
  const match = LANG_PREFIX.exec(pathname.split(/[?#]/, 1)[0] ?? '');
  return isLang(match?.[1]) ? match[1] : DEFAULT_LANG;
}

/**
 * The same page in another language: French at the root, the others under /en and /ln. An existing language
 * prefix is removed first, so it also switches the language of the current page. Query and hash are kept;
 * an absolute URL keeps its origin.
 */
export function localizePath(path: string, lang: Lang): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) {
    const url = new URL(path);
    return url.origin + localizePath(url.pathname + url.search + url.hash, lang);
  }
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  const absolute = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const bare = absolute.replace(LANG_PREFIX, '') || '/';
  if (lang === DEFAULT_LANG) return bare + rest;
  return (bare === '/' ? `/${lang}/` : `/${lang}${bare}`) + rest;
}

/** Replaces each `{name}` by its value; a placeholder without a value is left as it is. */
export function interpolate(template: string, params?: Params): string {
  // Most texts have no placeholder: a build calls this for every text of 30,000 pages.
  if (!params || !template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined ? whole : String(value);
  });
}

/**
 * A translate function over a dictionary (or part of one, for an island). A key the dictionary lacks shows
 * the key itself (spec §1), never another language. `defaults` fill placeholders such as {agency} everywhere.
 */
export function createTranslator(
  dictionary: Partial<Dictionary> | Readonly<Record<string, string>>,
  defaults?: Params,
): Translate {
  const table = dictionary as Readonly<Record<string, string | undefined>>;
  return (key, params) => {
    const template = Object.hasOwn(table, key) ? table[key] : undefined;
    if (typeof template !== 'string') return key;
    if (!template.includes('{')) return template;
    return interpolate(template, defaults ? { ...defaults, ...params } : params);
  };
}

// Numbers, prices, areas and plurals live in src/shared/format.ts (browser code of every kind uses them).
export {
  formatAreaWith,
  formatNumber,
  formatPriceWith,
  pluralCategory,
  pluralKey,
  pluralText,
  type PriceCurrency,
  type PriceType,
} from '../shared/format.ts';

/** The dictionary key of each team role of the contract (their values are French labels). */
export const TEAM_ROLE_KEYS: Record<TeamRole, MessageKey> = {
  'Directeur Général': 'teamRole.directeurGeneral',
  'Directeur Commercial': 'teamRole.directeurCommercial',
  'Agent Senior': 'teamRole.agentSenior',
  'Agent Junior': 'teamRole.agentJunior',
  'Responsable Marketing': 'teamRole.responsableMarketing',
  Assistant: 'teamRole.assistant',
};
