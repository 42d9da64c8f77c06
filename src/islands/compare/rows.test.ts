import { describe, expect, it } from 'vitest';
import { createTranslator, DICTIONARIES } from '../../i18n/index.ts';
import type { Rates } from '../../shared/money.ts';
import { listing } from '../catalogue/query-fixtures.ts';
import { compareRows } from './rows.ts';

const rates: Rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: '2026-11-12T09:30:00.000Z' };
const now = new Date('2026-11-25T10:00:00Z');
const DAY = 86_400_000;

describe('the compare table', () => {
  const rent = listing({
    type: 'rent',
    price: 1500,
    currency: 'USD',
    moveInMonths: 5,
    amenities: ['generator', 'borehole'],
    availableDay: Date.parse('2026-12-15') / DAY,
    bathrooms: null,
  });
  const sale = listing({ type: 'sale', price: 250_000, currency: 'USD', availableDay: null });
  const t = createTranslator(DICTIONARIES.fr);
  const rows = Object.fromEntries(compareRows([rent, sale], t, 'fr', rates, now).map((r) => [r.key, r]));

  it('gives each price in both currencies, as the cards do', () => {
    expect(rows.price?.cells[0]?.[0]).toMatch(/^1[\s,.\u202f]?500 USD\/mois$/);
    expect(rows.price?.cells[0]?.[1]).toMatch(/^≈ .*CDF/);
    expect(rows.price?.cells[1]?.[1]).toMatch(/^≈ .*CDF$/);
  });

  it('gives a rental’s move-in total in both currencies with its months, and no total for a sale', () => {
    expect(rows.moveIn?.cells[0]).toEqual([
      expect.stringMatching(/^7[\s,.\u202f]?500 USD$/),
      expect.stringMatching(/^≈ .*CDF$/),
      '5 mois',
    ]);
    expect(rows.moveIn?.cells[1]).toEqual(['Sans objet (vente)']);
    expect(compareRows([listing({ type: 'rent' })], t, 'fr', rates, now)[1]?.cells[0]).toEqual([
      'Non précisé',
    ]);
  });

  it('says what is not stated instead of leaving a blank', () => {
    expect(rows.bathrooms?.cells).toEqual([['Non précisé'], ['2']]);
    expect(rows.availability?.cells).toEqual([['Disponible dès le 15 décembre 2026'], ['Non précisé']]);
    expect(rows.amenities?.cells).toEqual([['Groupe électrogène', 'Forage'], ['Aucun indiqué']]);
  });
});
