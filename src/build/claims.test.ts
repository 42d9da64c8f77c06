import { describe, expect, it } from 'vitest';
import { listingsClaim } from './claims.ts';

describe('listingsClaim', () => {
  it('says "over" only a figure below the real count', () => {
    expect(listingsClaim(412)).toEqual({ count: 400, exact: false });
    expect(listingsClaim(48)).toEqual({ count: 40, exact: false });
    expect(listingsClaim(10_237)).toEqual({ count: 10_000, exact: false });
  });

  it('gives the exact number when rounding down would not be below it, or when there are few', () => {
    expect(listingsClaim(400)).toEqual({ count: 400, exact: true });
    expect(listingsClaim(7)).toEqual({ count: 7, exact: true });
    expect(listingsClaim(0)).toEqual({ count: 0, exact: true });
  });
});
