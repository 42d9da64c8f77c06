import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type CatalogueFilters } from '../../contract/index.ts';
import { alertStatusEnum, timestamps } from './columns.ts';
import { properties } from './listings.ts';

// Alerts without an account (decision 0028): a visitor's saved catalogue filters, confirmed by e-mail.

/** One saved search of one address. Same address and same filters are one row (`filters_key`). */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The visitor's language: the e-mails and the pages they link to are in it. */
    lang: text('lang').notNull().default('fr'),
    filters: jsonb('filters').$type<CatalogueFilters>().notNull(),
    /** The filters as canonical JSON, for the uniqueness of (email, filters). */
    filtersKey: text('filters_key').notNull(),
    status: alertStatusEnum('status').notNull().default('pending'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /** The end of the window the last digest covered: the next one mails listings created after it. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('alert_subscriptions_email_filters_idx').on(t.email, t.filtersKey),
    index('alert_subscriptions_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/**
 * The tokens of the e-mail links, stored hashed: one confirmation token (it expires) and one unsubscribe
 * token per mail sent (each mail's link keeps working until the subscription is gone).
 */
export const alertTokens = pgTable(
  'alert_tokens',
  {
    hash: text('hash').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'unsubscribe'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_tokens_subscription_idx').on(t.subscriptionId),
    check('alert_tokens_purpose_check', sql`${t.purpose} IN ('confirm', 'unsubscribe')`),
  ],
);

/** Which listing each subscriber was mailed: claimed before the send, released if it fails; never twice. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.propertyId] })],
);
