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

/**
 * Numbers are shown with en-US separators in every language (spec §9): 1,250,000; at most two decimals.
 * Written by hand, to the same characters as `new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })`
 * (format.test.ts compares them over many values): creating that formatter initialises ICU, which cost the
 * catalogue's island about 105 ms of a slow phone's main thread at load (decision 0039).
 */
export function formatNumber(value: number): string {
  const n = Number.isFinite(value) ? value : 0;
  const [whole, fraction] = roundToHundredths(decimalDigits(Math.abs(n)));
  let grouped = whole;
  for (let i = whole.length - 3; i > 0; i -= 3) grouped = `${grouped.slice(0, i)},${grouped.slice(i)}`;
  // Intl keeps the sign of a negative that rounds to zero (-0.001 → "-0"), and of -0 itself.
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A non-negative finite number's whole and fractional digits, from its shortest decimal form (the digits ICU
 * rounds too: 1.005 is "1.005", not the 1.00499… a double holds), exponents written out: 1e21, 1.5e-7.
 */
function decimalDigits(abs: number): [string, string] {
  const text = String(abs);
  const e = text.indexOf('e');
  if (e < 0) {
    const dot = text.indexOf('.');
    return dot < 0 ? [text, ''] : [text.slice(0, dot), text.slice(dot + 1)];
  }
  const mantissa = text.slice(0, e);
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + Number(text.slice(e + 1));
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  return [digits.slice(0, point), digits.slice(point)];
}

/** Two decimals at most, a half rounded away from zero (Intl's default), trailing zeros dropped. */
function roundToHundredths([whole, fraction]: [string, string]): [string, string] {
  let kept = fraction.slice(0, 2);
  if (fraction.length > 2 && fraction.charCodeAt(2) >= 53 /* '5' */) {
    // Add one hundredth to the digits of whole and kept fraction, as text: exact at any size.
    const digits = (whole + kept.padEnd(2, '0')).split('');
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === '9') digits[i--] = '0';
    if (i >= 0) digits[i] = String(Number(digits[i]) + 1);
    else digits.unshift('1');
    whole = digits.slice(0, -2).join('');
    kept = digits.slice(-2).join('');
  }
  return [whole, kept.replace(/0+$/, '')];
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
