/**
 * How numbers, prices, areas and counts are written, in every runtime (the build, the public islands and
 * scripts, the admin): one formatter, fed by whichever translate function the caller has.
 */
import type { Lang } from '../i18n/core.ts';
import type { MessageKey, PluralBase, Translate } from '../i18n/types.ts';
import type { Currency, PropertyType } from './enums.ts';

/** CLDR cardinal rules for whole numbers: English "one" is 1 only; French and Lingala use "one" for 0 and 1. */
export function pluralCategory(lang: Lang, count: number): 'one' | 'other' {
  if (lang === 'en') return count === 1 ? 'one' : 'other';
  return count === 0 || count === 1 ? 'one' : 'other';
}

/** The .one or .other key of a plural pair for a count, e.g. pluralKey('catalogue.count', 'fr', 3). */
export function pluralKey(base: PluralBase, lang: Lang, count: number): MessageKey {
  return `${base}.${pluralCategory(lang, count)}` as MessageKey;
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Numbers are shown with en-US separators in every language (spec §9): 1,250,000. */
export function formatNumber(value: number): string {
  return NUMBER.format(Number.isFinite(value) ? value : 0);
}

export type PriceCurrency = Currency;
export type PriceType = PropertyType;

/** "250,000 USD", or "1,500 USD/mois" for a rent, with the suffix of the given translate function. */
export function formatPriceWith(
  t: Translate,
  price: number,
  currency: PriceCurrency,
  type: PriceType,
): string {
  return `${formatNumber(price)} ${currency}${type === 'rent' ? t('price.perMonth') : ''}`;
}

/** "120 m²". */
export function formatAreaWith(t: Translate, area: number): string {
  return `${formatNumber(area)} ${t('unit.squareMeters')}`;
}

/** "3 chambres" / "1 bedroom": the plural pair of a count, filled with the count. */
export function pluralText(t: Translate, lang: Lang, base: PluralBase, count: number): string {
  return t(pluralKey(base, lang, count), { count });
}
