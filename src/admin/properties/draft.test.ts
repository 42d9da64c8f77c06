import { describe, expect, it } from 'vitest';
import { detailsFilled, EMPTY_DRAFT, parseNumber, toInput, type PropertyDraft } from './draft.ts';

const filled: PropertyDraft = {
  ...EMPTY_DRAFT,
  title: 'Villa à Ngaliema',
  price: '250 000',
  area: '420,5',
  address: 'Avenue des Cliniques 12',
  district: 'Ngaliema',
  description: 'Belle villa avec jardin',
  features: ' Piscine, , Groupe électrogène ,Gardien ',
};

describe('admin property draft', () => {
  it('enables Next only when the six required fields are filled', () => {
    expect(detailsFilled(EMPTY_DRAFT)).toBe(false);
    expect(detailsFilled(filled)).toBe(true);
    expect(detailsFilled({ ...filled, description: '   ' })).toBe(false);
    expect(detailsFilled({ ...filled, district: '' })).toBe(false);
  });

  it('reads numbers as people type them and refuses the rest', () => {
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1 500')).toBe(1500);
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber('12a')).toBeNaN();
  });

  it('builds the payload with the defaults of spec §4 and the features as a trimmed list', () => {
    const result = toInput(filled, []);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      price: 250_000,
      area: 420.5,
      currency: 'USD',
      type: 'sale',
      category: 'apartment',
      state: 'Ngaliema',
      bedrooms: null,
      features: ['Piscine', 'Groupe électrogène', 'Gardien'],
      managerId: null,
    });
  });

  it('reports the field in error with a French message', () => {
    const result = toInput({ ...filled, price: 'beaucoup' }, []);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['price']);
    expect(result.error?.issues[0]?.message).toMatch(/[a-zé]/);
  });

  it('sends the move-in months of a rental, and drops them when the listing is a sale', () => {
    const months = { advanceMonths: '3', depositMonths: ' 2 ', commissionMonths: '' };
    const rent = toInput({ ...filled, type: 'rent', ...months }, []);
    expect(rent.data).toMatchObject({ advanceMonths: 3, depositMonths: 2, commissionMonths: null });
    const sale = toInput({ ...filled, type: 'sale', ...months }, []);
    expect(sale.data).toMatchObject({ advanceMonths: null, depositMonths: null, commissionMonths: null });
    const bad = toInput({ ...filled, type: 'rent', depositMonths: '1,5' }, []);
    expect(bad.error?.issues[0]?.path).toEqual(['depositMonths']);
    expect(bad.error?.issues[0]?.message).toBe('Garantie : un nombre de mois entier, de 0 à 24');
  });

  it('sends the amenities ticked and the availability date, an empty date as none', () => {
    const ticked = toInput({ ...filled, amenities: ['pool', 'generator'], availableFrom: '2026-12-01' }, []);
    expect(ticked.data).toMatchObject({ amenities: ['generator', 'pool'], availableFrom: '2026-12-01' });
    expect(toInput(filled, []).data).toMatchObject({ amenities: [], availableFrom: null });
    const bad = toInput({ ...filled, availableFrom: '1900-01-01' }, []);
    expect(bad.error?.issues[0]?.path).toEqual(['availableFrom']);
    expect(bad.error?.issues[0]?.message).toBe(
      'La date de disponibilité doit être comprise entre 2000 et 2100',
    );
  });

  it('sends an English or Lingala version when typed, none when left empty, and refuses half of one', () => {
    expect(toInput(filled, []).data).toMatchObject({ titleEn: null, descriptionEn: null, titleLn: null });
    const english = toInput({ ...filled, titleEn: ' Villa ', descriptionEn: 'Fine villa' }, []);
    expect(english.data).toMatchObject({ titleEn: 'Villa', descriptionEn: 'Fine villa', titleLn: null });
    const half = toInput({ ...filled, titleLn: 'Villa' }, []);
    expect(half.error?.issues[0]?.path).toEqual(['descriptionLn']);
    expect(half.error?.issues[0]?.message).toBe('Le titre et la description en lingala vont ensemble');
  });
});
