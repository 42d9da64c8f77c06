import { describe, expect, it } from 'vitest';
import { saveDataUrl } from './save-data.ts';

describe('Save-Data: the smallest picture variant', () => {
  const exists = (name: string) => name === 'abc-480.webp';

  it('answers a wider variant with the 480 px one when the browser saves data', () => {
    expect(saveDataUrl('/media/abc-960.webp', 'on', exists)).toBe('/media/abc-480.webp');
    expect(saveDataUrl('/media/abc-1600.webp', 'on', exists)).toBe('/media/abc-480.webp');
  });

  it('leaves every other request as it is', () => {
    expect(saveDataUrl('/media/abc-960.webp', undefined, exists)).toBe('/media/abc-960.webp');
    expect(saveDataUrl('/media/abc-960.webp', 'off', exists)).toBe('/media/abc-960.webp');
    expect(saveDataUrl('/media/abc-480.webp', 'on', exists)).toBe('/media/abc-480.webp');
    expect(saveDataUrl('/media/abc-thumb.webp', 'on', exists)).toBe('/media/abc-thumb.webp');
    expect(saveDataUrl('/media/other-960.webp', 'on', exists)).toBe('/media/other-960.webp');
    expect(saveDataUrl('/api/properties?x=-960.webp', 'on', exists)).toBe('/api/properties?x=-960.webp');
    expect(saveDataUrl('/media/../abc-960.webp', 'on', exists)).toBe('/media/../abc-960.webp');
  });
});
