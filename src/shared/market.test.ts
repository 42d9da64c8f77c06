import { describe, expect, it } from 'vitest';
import { PROPERTY_STATUSES } from './enums.ts';
import { isOnTheMarket } from './market.ts';

describe('isOnTheMarket', () => {
  it('offers available and hot listings, not sold or withdrawn ones', () => {
    expect(PROPERTY_STATUSES.filter(isOnTheMarket)).toEqual(['available', 'hot']);
  });
});
