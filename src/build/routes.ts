import { LANGS, type Lang } from '../i18n/index.ts';

/** getStaticPaths for a page that exists in every language: fr at the root, en and ln under their prefix. */
export function languagePaths() {
  return LANGS.map((lang) => ({ params: { lang: lang === 'fr' ? undefined : lang }, props: { lang } }));
}

export type LangProps = { lang: Lang };
