import { date, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Shared state of the API instances: several `npm start` processes on one DATABASE_URL must agree on it.
// Transient: left out of backups (a restore starts it afresh) and of the suites' "changed nothing" checks.

/** Requests counted per limit key and window (src/server/plugins/rate-limit-store.ts). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** The page-view beacon's salt of each day in Kinshasa: a visitor counts once a day whichever instance answers. */
export const visitorSalts = pgTable('visitor_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * One publish at a time across the instances (src/server/publishing/publish-lease.ts): one row while a build
 * runs, held by the instance that builds and renewed by it until the build ends; a holder that dies stops
 * renewing and its lease expires. The others show its progress and leave it their requests for one more run.
 */
export const publishLease = pgTable('publish_lease', {
  /** Always 'site': one site, one lease. */
  name: text('name').primaryKey(),
  /** The holding instance (host, process and a random part). */
  holder: text('holder').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  step: text('step'),
  progress: doublePrecision('progress'),
  /** Who asked another instance for a publish during this run: the holder runs once more for them. */
  againActorId: integer('again_actor_id'),
  againActorName: text('again_actor_name'),
});

/** Tables of shared, short-lived state: never backed up or restored. */
export const TRANSIENT_TABLES: readonly string[] = [
  'rate_limit_hits',
  'visitor_salts',
  'publish_lease',
  'lead_visitors',
];
