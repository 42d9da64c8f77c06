// What the listings bring (decision 0048): views and taps on WhatsApp and telephone links, counted
// once per visitor, listing, channel and day.
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { leadChannelEnum } from './columns.ts';

/**
 * Who was counted today, so the same visitor counts once: a keyed hash of address and browser under the
 * day's salt (deleted with the day), and a hash of the address alone that caps how many browsers of one
 * address count. Only today's rows matter; older ones are deleted as the day turns. No foreign key: 0 is the
 * agency itself (a tap on the footer's or the contact page's WhatsApp).
 */
export const leadVisitors = pgTable(
  'lead_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    propertyId: integer('property_id').notNull(),
    channel: leadChannelEnum('channel').notNull(),
    visitor: text('visitor').notNull(),
    address: text('address').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.propertyId, t.channel, t.visitor] }),
    index('lead_visitors_address_idx').on(t.day, t.propertyId, t.channel, t.address),
  ],
);

/**
 * The counts themselves, per Kinshasa day, listing and channel: kept for good (a sold or rented listing, even
 * a deleted one, keeps its history), and nothing in them names a visitor.
 */
export const leadCounts = pgTable(
  'lead_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    propertyId: integer('property_id').notNull(),
    channel: leadChannelEnum('channel').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.propertyId, t.channel] }),
    index('lead_counts_property_idx').on(t.propertyId, t.day),
  ],
);

/**
 * The weekly report's sends: one row per week, inserted by the instance that sends it; the
 * others find it there and send nothing (src/server/services/weekly-report.ts).
 */
export const reportRuns = pgTable('report_runs', {
  /** The Monday the report was due, Kinshasa time ("2026-11-30"). */
  week: date('week', { mode: 'string' }).primaryKey(),
  holder: text('holder').notNull(),
  /** When the holder took it: a holder that died before sending is replaced after a while. */
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
});
