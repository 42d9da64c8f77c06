import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/core.ts';
import { en } from '../i18n/en.ts';
import { fr } from '../i18n/fr.ts';
import {
  approxPriceWith,
  convert,
  depositWithinLaw,
  moveInMonths,
  moveInShort,
  moveInView,
  rateDate,
  rateNoteWith,
  roundApprox,
  toUsd,
  type Rates,
} from './money.ts';

const rates: Rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: '2026-11-12T09:30:00.000Z' };
const t = createTranslator(fr);
const tEn = createTranslator(en);

describe('conversion', () => {
  it('goes through USD both ways', () => {
    expect(toUsd(2_000_000, 'CDF', rates)).toBeCloseTo(714.2857, 3);
    expect(toUsd(1000, 'EUR', rates)).toBeCloseTo(1100);
    expect(convert(500, 'USD', 'CDF', rates)).toBe(1_400_000);
    expect(convert(1000, 'EUR', 'CDF', rates)).toBeCloseTo(3_080_000);
    expect(convert(123, 'CDF', 'CDF', rates)).toBe(123);
  });

  it('rounds an approximate figure to three significant digits, never below the unit', () => {
    expect(roundApprox(4_275_000)).toBe(4_280_000);
    expect(roundApprox(714.2857)).toBe(714);
    expect(roundApprox(53.6)).toBe(54);
    expect(roundApprox(0.4)).toBe(0);
    expect(roundApprox(Number.NaN)).toBe(0);
  });

  it('writes the other currency under the price', () => {
    expect(approxPriceWith(t, 1500, 'USD', 'rent', rates)).toBe('≈ 4,200,000 CDF/mois');
    expect(approxPriceWith(t, 2_000_000, 'CDF', 'rent', rates)).toBe('≈ 714 USD/mois');
    expect(approxPriceWith(tEn, 250_000, 'EUR', 'sale', rates)).toBe('≈ 770,000,000 CDF');
  });

  it('dates the rate, or says it is the default one', () => {
    expect(rateDate(rates.setAt)).toBe('12/11/2026');
    expect(rateDate('not a date')).toBe('');
    expect(rateNoteWith(t, rates)).toBe('Taux du 12/11/2026 : 1 USD = 2,800 CDF · 1 EUR = 1.1 USD');
    expect(rateNoteWith(tEn, { ...rates, setAt: null })).toBe(
      'Indicative rate: 1 USD = 2,800 CDF · 1 EUR = 1.1 USD',
    );
  });
});

describe('the cost of moving in', () => {
  const rent = {
    type: 'rent' as const,
    price: 1500,
    currency: 'USD' as const,
    advanceMonths: 3,
    depositMonths: 3,
    commissionMonths: 1,
  };

  it('adds the months only when all three are known', () => {
    expect(moveInMonths(rent)).toBe(7);
    expect(moveInMonths({ ...rent, commissionMonths: 0 })).toBe(6);
    expect(moveInMonths({ ...rent, depositMonths: null })).toBeNull();
  });

  it('claims the legal deposit only when the deposit is known and at most 3 months', () => {
    expect(depositWithinLaw(rent)).toBe(true);
    expect(depositWithinLaw({ ...rent, depositMonths: 4 })).toBe(false);
    expect(depositWithinLaw({ ...rent, depositMonths: null })).toBe(false);
  });

  it('breaks the total down in both currencies', () => {
    const view = moveInView(rent, t, 'fr', rates)!;
    expect(view.lines.map((l) => [l.label, l.amount, l.approx])).toEqual([
      ["Loyer payé d'avance · 3 mois", '4,500 USD', '≈ 12,600,000 CDF'],
      ['Garantie · 3 mois', '4,500 USD', '≈ 12,600,000 CDF'],
      ["Commission de l'agence · 1 mois", '1,500 USD', '≈ 4,200,000 CDF'],
    ]);
    expect(view.total).toEqual({
      months: 7,
      label: 'Total à prévoir · 7 mois',
      amount: '10,500 USD',
      approx: '≈ 29,400,000 CDF',
    });
    expect(view.lawBadge).toBe('Garantie conforme à la loi');
    expect(view.lawNote).toContain('15/025');
  });

  it('shows what is known, no total and no badge when the deposit is missing', () => {
    const view = moveInView({ ...rent, depositMonths: null }, tEn, 'en', rates)!;
    expect(view.lines.map((l) => l.label)).toEqual([
      'Rent paid in advance · 3 months',
      'Agency commission · 1 month',
    ]);
    expect(view.total).toBeNull();
    expect(view.lawBadge).toBeNull();
  });

  it('shows nothing for a sale or a rental without terms', () => {
    expect(moveInView({ ...rent, type: 'sale' }, t, 'fr', rates)).toBeNull();
    const none = { advanceMonths: null, depositMonths: null, commissionMonths: null };
    expect(moveInView({ ...rent, ...none }, t, 'fr', rates)).toBeNull();
    expect(moveInShort({ ...rent, moveInMonths: moveInMonths({ ...rent, ...none }) }, t, 'fr')).toBeNull();
    expect(moveInShort({ ...rent, type: 'sale', moveInMonths: 7 }, t, 'fr')).toBeNull();
  });

  it('says the total on a card in one short line', () => {
    expect(moveInShort({ ...rent, moveInMonths: 7 }, t, 'fr')).toBe('Pour emménager : 10,500 USD (7 mois)');
    expect(moveInShort({ ...rent, currency: 'CDF', price: 900_000, moveInMonths: 7 }, tEn, 'en')).toBe(
      'To move in: 6,300,000 CDF (7 months)',
    );
  });
});
