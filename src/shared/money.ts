/**
 * Money in the two currencies Kinshasa uses (decision 0021): conversion between USD, CDF and EUR
 * at the rates in force, the rounding of an approximate figure, its text, and the cost of moving into a
 * rental (decision 0022). Browser-safe and zod-free: the build, the public islands and scripts, the live
 * listing page and the admin all use this one module, so every page shows the same figure.
 */
import type { Lang } from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import type { Currency, PropertyType } from './enums.ts';
import { formatNumber, formatPriceWith, pluralText } from './format.ts';

/** The exchange rates in force: 1 USD = cdfPerUsd CDF, 1 EUR = usdPerEur USD. */
export interface Rates {
  cdfPerUsd: number;
  usdPerEur: number;
  /** When staff set them (ISO); null while the configuration's defaults are in force. */
  setAt: string | null;
}

/** An amount in USD, the pivot of every conversion (and of the catalogue's cross-currency filter). */
export function toUsd(amount: number, currency: Currency, rates: Rates): number {
  if (currency === 'CDF') return amount / rates.cdfPerUsd;
  if (currency === 'EUR') return amount * rates.usdPerEur;
  return amount;
}

export function fromUsd(usd: number, currency: Currency, rates: Rates): number {
  if (currency === 'CDF') return usd * rates.cdfPerUsd;
  if (currency === 'EUR') return usd / rates.usdPerEur;
  return usd;
}

export function convert(amount: number, from: Currency, to: Currency, rates: Rates): number {
  return from === to ? amount : fromUsd(toUsd(amount, from, rates), to, rates);
}

/**
 * An approximate figure keeps three significant digits (never below the unit): a rate moves every week, so
 * "≈ 4,280,000 CDF" says what is known and "≈ 4,275,000 CDF" would claim a precision nobody has.
 */
export function roundApprox(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  const step = Math.max(1, 10 ** (Math.floor(Math.log10(value)) - 2));
  return Math.round(value / step) * step;
}

/** The other currency a price is shown in: CDF for USD and EUR prices, USD for CDF prices. */
export const otherCurrency = (currency: Currency): Currency => (currency === 'CDF' ? 'USD' : 'CDF');

/** "≈ 4,280,000 CDF", or "≈ 4,280,000 CDF/mois" for a rent. */
export function approxPriceWith(
  t: Translate,
  price: number,
  currency: Currency,
  type: PropertyType,
  rates: Rates,
): string {
  const to = otherCurrency(currency);
  return `≈ ${formatPriceWith(t, roundApprox(convert(price, currency, to, rates)), to, type)}`;
}

/** "12/11/2026" (day first, as in Kinshasa, in every language); '' for a missing or broken date. */
export function rateDate(iso: string | null): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(time)) return '';
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** The note that says which rate a conversion used: "Taux du 12/11/2026 : 1 USD = 2,850 CDF". */
export function rateNoteWith(t: Translate, rates: Rates): string {
  const rate = `1 USD = ${formatNumber(rates.cdfPerUsd)} CDF · 1 EUR = ${formatNumber(rates.usdPerEur)} USD`;
  const date = rateDate(rates.setAt);
  return date ? t('money.rateOf', { date, rate }) : t('money.rateDefault', { rate });
}

// ---------------------------------------------------------------------------------------------------------
// The cost of moving in (decision 0022)

/** Months a rental asks before the keys: each null when the agency has not said. */
export interface MoveInTerms {
  advanceMonths: number | null;
  depositMonths: number | null;
  commissionMonths: number | null;
}

/** Law n° 15/025 of 31 December 2015, art. 18: a residential deposit is at most 3 months' rent. */
export const LEGAL_DEPOSIT_MONTHS = 3;

/** Months of rent to pay to move in, or null unless all three terms are known (no total is guessed). */
export function moveInMonths(terms: MoveInTerms): number | null {
  const { advanceMonths: a, depositMonths: d, commissionMonths: c } = terms;
  return a == null || d == null || c == null ? null : a + d + c;
}

/** Whether the deposit is known and within the legal cap (the badge); false when the field is empty. */
export const depositWithinLaw = (terms: MoveInTerms) =>
  terms.depositMonths != null && terms.depositMonths <= LEGAL_DEPOSIT_MONTHS;

export interface MoveInLine {
  /** "Loyer payé d'avance · 3 mois". */
  label: string;
  /** "4,500 USD". */
  amount: string;
  /** "≈ 12,800,000 CDF". */
  approx: string;
}

export interface MoveInView {
  lines: MoveInLine[];
  /** Null unless every term is known. */
  total: { months: number; label: string; amount: string; approx: string } | null;
  /** The badge "Garantie conforme à la loi", or null. */
  lawBadge: string | null;
  /** The law's reference (the badge's title and the block's footnote). */
  lawNote: string;
}

/** The listing page's "Pour emménager" block; null for a sale or a rental with no term known. */
export function moveInView(
  p: MoveInTerms & { type: PropertyType; price: number; currency: Currency },
  t: Translate,
  lang: Lang,
  rates: Rates,
): MoveInView | null {
  if (p.type !== 'rent') return null;
  const money = (months: number) => {
    const amount = p.price * months;
    return {
      amount: formatPriceWith(t, amount, p.currency, 'sale'),
      approx: approxPriceWith(t, amount, p.currency, 'sale', rates),
    };
  };
  const lines: MoveInLine[] = [];
  const line = (key: 'advance' | 'deposit' | 'commission', months: number | null) => {
    if (months == null) return;
    const label = `${t(`moveIn.${key}`)} · ${pluralText(t, lang, 'moveIn.months', months)}`;
    lines.push({ label, ...money(months) });
  };
  line('advance', p.advanceMonths);
  line('deposit', p.depositMonths);
  line('commission', p.commissionMonths);
  if (lines.length === 0) return null;
  const months = moveInMonths(p);
  return {
    lines,
    total:
      months == null
        ? null
        : {
            months,
            label: `${t('moveIn.total')} · ${pluralText(t, lang, 'moveIn.months', months)}`,
            ...money(months),
          },
    lawBadge: depositWithinLaw(p) ? t('moveIn.lawBadge') : null,
    lawNote: t('moveIn.lawNote'),
  };
}

/** A card's one short line: "Pour emménager : 7,500 USD (5 mois)"; null when the total is unknown. */
export function moveInShort(
  p: { type: PropertyType; price: number; currency: Currency; moveInMonths: number | null },
  t: Translate,
  lang: Lang,
): string | null {
  const months = p.type === 'rent' ? p.moveInMonths : null;
  if (months == null) return null;
  return t('moveIn.short', {
    months: pluralText(t, lang, 'moveIn.months', months),
    amount: formatPriceWith(t, p.price * months, p.currency, 'sale'),
  });
}
