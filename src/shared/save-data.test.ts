import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoplayUnlessSavingData, savesData } from './save-data.ts';

const video = () => ({ muted: false, play: vi.fn(() => Promise.resolve()) });

describe('Save-Data in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts a card video muted when the visitor does not save data', () => {
    vi.stubGlobal('navigator', { connection: { saveData: false } });
    const v = video();
    autoplayUnlessSavingData(v as unknown as HTMLVideoElement);
    expect(v.play).toHaveBeenCalledOnce();
    expect(v.muted).toBe(true);
  });

  it('leaves it still under Save-Data', () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    expect(savesData()).toBe(true);
    const v = video();
    autoplayUnlessSavingData(v as unknown as HTMLVideoElement);
    expect(v.play).not.toHaveBeenCalled();
  });

  it('plays where the browser says nothing (no Network Information API) or nothing runs', () => {
    vi.stubGlobal('navigator', {});
    expect(savesData()).toBe(false);
    expect(() => autoplayUnlessSavingData(null)).not.toThrow();
  });
});
