import { describe, expect, it } from 'vitest';
import { MAX_SIDE, shrinkable, targetSize } from './shrink-core.ts';

describe('the size a photo is drawn at before upload', () => {
  it('brings a 12 MP photo to 2,048 px on its longest side, either way up', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: MAX_SIDE, height: 1536 });
    expect(targetSize(3000, 4000)).toEqual({ width: 1536, height: MAX_SIDE });
    expect(targetSize(4032, 1816)).toEqual({ width: 2048, height: 922 });
  });

  it('leaves a picture that already fits at its own size, and never below one pixel', () => {
    expect(targetSize(1600, 1200)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(2048, 10)).toEqual({ width: 2048, height: 10 });
    expect(targetSize(100_000, 1)).toEqual({ width: 2048, height: 1 });
  });

  it('draws only the images the server takes: a video or an SVG goes as it is', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/avif'].every(shrinkable)).toBe(true);
    expect(shrinkable('video/mp4')).toBe(false);
    expect(shrinkable('image/svg+xml')).toBe(false);
    expect(shrinkable('image/heic')).toBe(false);
  });
});
