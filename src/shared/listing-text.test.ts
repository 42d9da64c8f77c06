import { describe, expect, it } from 'vitest';
import { listingText, type ListingTexts } from './listing-text.ts';

const fr: ListingTexts = {
  title: 'Villa avec piscine',
  description: 'Belle villa',
  titleEn: null,
  descriptionEn: null,
  titleLn: null,
  descriptionLn: null,
};

describe('listingText', () => {
  it("shows the page's language when the listing has it", () => {
    const p = { ...fr, titleEn: 'Villa with a pool', descriptionEn: 'Fine villa' };
    expect(listingText(p, 'en')).toEqual({
      title: 'Villa with a pool',
      description: 'Fine villa',
      lang: 'en',
      original: false,
    });
    expect(listingText(p, 'fr')).toEqual({ ...listingText(fr, 'fr'), original: false });
  });

  it('falls back to the French text, and says so, when the language has none', () => {
    const p = { ...fr, titleEn: 'Villa with a pool', descriptionEn: 'Fine villa' };
    expect(listingText(p, 'ln')).toEqual({
      title: 'Villa avec piscine',
      description: 'Belle villa',
      lang: 'fr',
      original: true,
    });
    // Half a version (never stored: the contract refuses it) is no version.
    expect(listingText({ ...fr, titleLn: 'Villa', descriptionLn: '' }, 'ln').original).toBe(true);
    expect(listingText(fr, 'fr').original).toBe(false);
  });
});
