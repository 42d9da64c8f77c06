/**
 * A listing's title and description in the visitor's language (decision 0029). Staff may add an
 * English and a Lingala version beside the French one; each version is a title and a description together
 * (the contract refuses one without the other), so a page is never half in one language and half in another.
 * Without a version in the page's language the French text shows, and `original` says so.
 */
import type { Lang } from '../i18n/core.ts';

export interface ListingTexts {
  title: string;
  description: string;
  titleEn: string | null;
  descriptionEn: string | null;
  titleLn: string | null;
  descriptionLn: string | null;
}

export interface ListingText {
  title: string;
  description: string;
  /** The language the text is in. */
  lang: Lang;
  /** True when the page's language has no version and the French text stands in. */
  original: boolean;
}

export function listingText(p: ListingTexts, lang: Lang): ListingText {
  const [title, description] =
    lang === 'en'
      ? [p.titleEn, p.descriptionEn]
      : lang === 'ln'
        ? [p.titleLn, p.descriptionLn]
        : [null, null];
  if (title && description) return { title, description, lang, original: false };
  return { title: p.title, description: p.description, lang: 'fr', original: lang !== 'fr' };
}
