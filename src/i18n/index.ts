/**
 * The interface languages of the site: French (reference, at the root), English (/en/) and Lingala (/ln/).
 * Importing this module loads the three dictionaries; an island that needs only a few strings can import
 * ./core.ts and receive them as props instead.
 */
import type { Lang, PriceCurrency, PriceType } from './core.ts';
import { createTranslator, formatAreaWith, formatPriceWith } from './core.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { ln } from './ln.ts';
import type { Dictionary, Params, Translate } from './types.ts';

export * from './core.ts';
export type { Dictionary, MessageKey, Params, PluralBase, Translate } from './types.ts';

export const DICTIONARIES: Readonly<Record<Lang, Dictionary>> = { fr, en, ln };

const cache = new Map<Lang, Translate>();

/**
 * The translate function of a language: a key missing at run time shows the key itself (spec §1), and
 * `{name}` placeholders are filled from params, then from defaults (e.g. { agency } from configuration).
 */
export function translator(lang: Lang, defaults?: Params): Translate {
  if (defaults) return createTranslator(DICTIONARIES[lang], defaults);
  let t = cache.get(lang);
  if (!t) {
    t = createTranslator(DICTIONARIES[lang]);
    cache.set(lang, t);
  }
  return t;
}

/** Spec §9: "1,250,000 CDF", "250,000 USD", "1,500 USD/mois" (the per-month suffix in the page's language). */
export function formatPrice(price: number, currency: PriceCurrency, type: PriceType, lang: Lang): string {
  return formatPriceWith(translator(lang), price, currency, type);
}

/** "120 m²", with en-US separators. */
export function formatArea(area: number, lang: Lang): string {
  return formatAreaWith(translator(lang), area);
}
