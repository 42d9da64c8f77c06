import { LANGS, type Lang } from '../i18n/index.ts';
import { pageKey } from './page-keys.ts';

/** A language's part of an address: none for French, at the root. */
export const langParam = (lang: Lang) => (lang === 'fr' ? undefined : lang);

/**
 * getStaticPaths for a page that exists in every language (fr at the root, en and ln under their prefix)
 * and shows nothing of the data but what every page shares: its key (page-keys.ts) changes only with that.
 */
export const languagePaths = languagePathsShowing(async () => null);

/** The same for a page that also shows `data()`: its key changes with it. */
export function languagePathsShowing(data: () => Promise<unknown>) {
  return async () => {
    const key = await pageKey(await data());
    return LANGS.map((lang) => ({ params: { lang: langParam(lang) }, props: { lang }, cacheKey: key }));
  };
}

export type LangProps = { lang: Lang };
