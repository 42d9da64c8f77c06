import { describe, expect, it } from 'vitest';
import { sectionOf } from './page.ts';

describe('sectionOf', () => {
  it('highlights the header link by route prefix, whatever the language', () => {
    expect(sectionOf('/')).toBe('/');
    expect(sectionOf('/en/')).toBe('/');
    expect(sectionOf('/home/x')).toBe('/');
    expect(sectionOf('/properties?type=rent')).toBe('/properties');
    expect(sectionOf('/ln/property/12')).toBe('/properties');
    expect(sectionOf('/en/favorites')).toBe('/favorites');
    expect(sectionOf('/about')).toBe('/about');
  });
});
