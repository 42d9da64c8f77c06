// The public site's page views and their daily roll-ups (the dashboard's figures).
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { demo } from './columns.ts';

/** One row per page seen on the public site, from the page-view beacon; no cookie, no personal data. */
export const pageViews = pgTable(
  'page_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    path: text('path').notNull(),
    /** Salted daily hash of address and browser: counts unique visitors per day without identifying them. */
    visitor: text('visitor').notNull(),
    /** Random id the page keeps in sessionStorage for the length of a visit. */
    session: text('session').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...demo,
  },
  (t) => [index('page_views_at_idx').on(t.at), index('page_views_session_idx').on(t.session, t.at)],
);

/**
 * Each finished day of the beacon (Kinshasa time) summed per page: what the dashboard reads for past days,
 * and what stays once the raw rows above are purged. Visitors are the distinct daily hashes of that day.
 */
export const pageViewDays = pgTable(
  'page_view_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Each finished day's visits (sessions); its row also marks the day as rolled up. */
export const visitDays = pgTable('visit_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  visits: integer('visits').notNull(),
  /** Visits that saw a single page. */
  bounces: integer('bounces').notNull(),
  /** Sum of the visits' durations (first to last page of the day). */
  seconds: integer('seconds').notNull(),
  visitors: integer('visitors').notNull(),
  pageViews: integer('page_views').notNull(),
});
