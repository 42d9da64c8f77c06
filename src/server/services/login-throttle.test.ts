import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MAX_FAILURES,
  ADDRESS_WINDOW_MS,
  frenchDuration,
  pairDelayMs,
  PAIR_MAX_DELAY_MS,
  waitBeforeAttempt,
} from './login-throttle.ts';

describe('pairDelayMs', () => {
  it('waits nothing for 4 failures, then 1 minute, doubling up to one hour', () => {
    expect([0, 4].map(pairDelayMs)).toEqual([0, 0]);
    expect([5, 6, 7, 8, 9, 10].map((n) => pairDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(pairDelayMs(11)).toBe(PAIR_MAX_DELAY_MS);
    expect(pairDelayMs(10_000)).toBe(PAIR_MAX_DELAY_MS);
  });
});

describe('waitBeforeAttempt', () => {
  const now = 1_800_000_000_000;
  const none = { pair: 0, lastPairFailure: null, address: 0, firstAddressFailure: null };

  it('lets a pair with few failures try, and counts the wait from its last failure', () => {
    expect(waitBeforeAttempt(none, now)).toBe(0);
    expect(waitBeforeAttempt({ ...none, pair: 4, lastPairFailure: new Date(now) }, now)).toBe(0);
    expect(waitBeforeAttempt({ ...none, pair: 6, lastPairFailure: new Date(now - 30_000) }, now)).toBe(
      90_000,
    );
    expect(waitBeforeAttempt({ ...none, pair: 6, lastPairFailure: new Date(now - 130_000) }, now)).toBe(0);
  });

  it('stops an address at its limit until its oldest failure leaves the window', () => {
    const first = new Date(now - 60_000);
    expect(
      waitBeforeAttempt({ ...none, address: ADDRESS_MAX_FAILURES - 1, firstAddressFailure: first }, now),
    ).toBe(0);
    expect(
      waitBeforeAttempt({ ...none, address: ADDRESS_MAX_FAILURES, firstAddressFailure: first }, now),
    ).toBe(ADDRESS_WINDOW_MS - 60_000);
  });
});

describe('frenchDuration', () => {
  it('rounds up to seconds, minutes or hours', () => {
    expect([1000, 45_500, 60_000, 61_000, 3_600_000, 3_700_000].map(frenchDuration)).toEqual([
      '1 seconde',
      '46 secondes',
      '1 minute',
      '2 minutes',
      '1 heure',
      '2 heures',
    ]);
  });
});
