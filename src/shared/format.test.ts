import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';

// formatNumber is written by hand so that no Intl formatter is created where the islands load (decision
// 0039); what it writes must stay exactly what the formatter it replaced writes.
const INTL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A repeatable sequence in [0, 1): the same values on every run, so a failure can be reproduced. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('formatNumber', () => {
  it('writes en-US groups and at most two decimals', () => {
    expect(formatNumber(1_250_000)).toBe('1,250,000');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(2850.5)).toBe('2,850.5');
    expect(formatNumber(1.1)).toBe('1.1');
    expect(formatNumber(0.125)).toBe('0.13');
    expect(formatNumber(9.995)).toBe('10');
    expect(formatNumber(-1234.567)).toBe('-1,234.57');
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0');
  });

  it('writes what Intl.NumberFormat en-US (two decimals at most) writes, over many values', () => {
    const next = random(39);
    const values: number[] = [0, -0, 0.5, 1.005, 2.675, 1.455, 0.005, 0.015, -0.004, -0.005, 1e-7, 5e-3];
    for (let i = 0; i < 2000; i++) values.push(i, -i, i + 0.5, i / 8, i / 100, i / 1000, i * 1000 + 0.995);
    for (let i = 0; i < 5000; i++) {
      const magnitude = 10 ** Math.floor(next() * 30 - 8);
      values.push(next() * magnitude, -next() * magnitude, Math.round(next() * magnitude));
    }
    // Prices, rents and rates as the site shows them, and the largest numbers a double holds.
    values.push(27_000_000, 1_425_000_000, 2850, 1.08, 1e21, 1.5e21, 123_456_789_012_345_680_000);
    values.push(Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, Number.MIN_VALUE, -Number.MAX_VALUE);
    for (const value of values) expect(formatNumber(value), String(value)).toBe(INTL.format(value));
  });

  it('writes every hundredth between 0 and 100 and every x.xx5 as Intl does', () => {
    for (let cents = 0; cents <= 10_000; cents++) {
      for (const value of [cents / 100, cents / 100 + 0.005, (cents + 0.5) / 100]) {
        expect(formatNumber(value), String(value)).toBe(INTL.format(value));
      }
    }
  });
});
