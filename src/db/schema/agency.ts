// What staff set for the whole agency: its settings and the exchange rates.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './staff.ts';

/**
 * Settings that staff edit, one JSON value per key (`agency`: the agency's identity, see
 * src/contract/settings.ts). Generic so later settings join it without a migration each; a key without a
 * row falls back to its configured default.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The account that saved the value (null once the account is removed); its name stays in the audit. */
  updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
});
/**
 * Exchange rates as staff set them (decision 0021): a history, the newest row in force. While the table is
 * empty the configuration's CDF_PER_USD / USD_PER_EUR are. The setter's name is copied, like the audit log's.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cdfPerUsd: numeric('cdf_per_usd', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    usdPerEur: numeric('usd_per_eur', { precision: 10, scale: 6, mode: 'number' }).notNull(),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    setBy: text('set_by').notNull(),
  },
  (t) => [
    index('exchange_rates_set_at_idx').on(t.setAt.desc(), t.id.desc()),
    check('exchange_rates_positive_check', sql`${t.cdfPerUsd} > 0 AND ${t.usdPerEur} > 0`),
  ],
);
