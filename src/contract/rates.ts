import { z } from 'zod';
import { IsoDateTime } from './common.ts';

/**
 * The exchange rates in force (decision 0021); setAt is null while the configuration's are. Who set them is
 * not said: this answer is public, and the audit log names the account.
 */
export const ExchangeRates = z.object({
  cdfPerUsd: z.number().positive(),
  usdPerEur: z.number().positive(),
  setAt: IsoDateTime.nullable(),
});
export type ExchangeRates = z.infer<typeof ExchangeRates>;

/** Bounds wide enough for any plausible franc and euro, narrow enough to catch a slipped digit. */
export const RATE_BOUNDS = { cdfPerUsd: [100, 100_000], usdPerEur: [0.2, 5] } as const;

const rate = (what: string, [min, max]: readonly [number, number]) =>
  z
    .number({ error: `${what} : un nombre est attendu` })
    .min(min, { error: `${what} : au moins ${min}` })
    .max(max, { error: `${what} : au plus ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}` });

export const ExchangeRatesInput = z.object({
  cdfPerUsd: rate('Francs congolais pour 1 dollar', RATE_BOUNDS.cdfPerUsd),
  usdPerEur: rate('Dollars pour 1 euro', RATE_BOUNDS.usdPerEur),
});
export type ExchangeRatesInput = z.infer<typeof ExchangeRatesInput>;
