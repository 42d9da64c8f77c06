import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_ROLES,
  ALERT_STATUSES,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  CURRENCIES,
  MESSAGE_PROPERTY_TYPES,
  MESSAGE_STATUSES,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  TEAM_ROLES,
  VISIT_STATUSES,
  type Amenity,
  type CatalogueFilters,
  type MediaItem,
} from '../contract/index.ts';

export const currencyEnum = pgEnum('currency', CURRENCIES);
export const propertyTypeEnum = pgEnum('property_type', PROPERTY_TYPES);
export const propertyCategoryEnum = pgEnum('property_category', PROPERTY_CATEGORIES);
export const propertyStatusEnum = pgEnum('property_status', PROPERTY_STATUSES);
export const messageStatusEnum = pgEnum('message_status', MESSAGE_STATUSES);
export const messagePropertyTypeEnum = pgEnum('message_property_type', MESSAGE_PROPERTY_TYPES);
export const visitStatusEnum = pgEnum('visit_status', VISIT_STATUSES);
export const teamRoleEnum = pgEnum('team_role', TEAM_ROLES);
export const accountRoleEnum = pgEnum('account_role', ACCOUNT_ROLES);
export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS);
export const auditEntityEnum = pgEnum('audit_entity', AUDIT_ENTITIES);
export const alertStatusEnum = pgEnum('alert_status', ALERT_STATUSES);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * Set on the rows the demo seed writes and cleared by any staff edit of the row, so "remove the demo data"
 * deletes exactly what nobody at the agency has made or touched.
 */
const demo = { demo: boolean('demo').notNull().default(false) };

export const teamMembers = pgTable('team_members', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  role: teamRoleEnum('role').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  photo: text('photo'),
  joinDate: date('join_date', { mode: 'string' })
    .notNull()
    .default(sql`CURRENT_DATE`),
  isActive: boolean('is_active').notNull().default(true),
  ...demo,
  ...timestamps,
});

export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Optional English and Lingala versions (decision 0029): a title and a description together, or neither. */
    titleEn: text('title_en'),
    descriptionEn: text('description_en'),
    titleLn: text('title_ln'),
    descriptionLn: text('description_ln'),
    price: numeric('price', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull().default('USD'),
    type: propertyTypeEnum('type').notNull().default('sale'),
    category: propertyCategoryEnum('category').notNull().default('apartment'),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    area: numeric('area', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    lat: doublePrecision('lat'),
    long: doublePrecision('long'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** AMENITIES values, kept in that order by the contract: readable in SQL, and `@>` finds all asked. */
    amenities: text('amenities')
      .array()
      .$type<Amenity[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableFrom: date('available_from', { mode: 'string' }),
    /** The last on-site check by staff, and by whom (staff-only; the audit log keeps every check). */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    verifiedBy: integer('verified_by').references(() => accounts.id, { onDelete: 'set null' }),
    media: jsonb('media').$type<MediaItem[]>().notNull().default([]),
    managerId: integer('manager_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    status: propertyStatusEnum('status').notNull().default('available'),
    featured: boolean('featured').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    /** Set by the view increment: the admin's Views page sorts by the most recently viewed. */
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true, mode: 'date' }),
    /** When the status last changed: dates the deals (sold) that make the dashboard's revenue. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** Rentals only (decision 0022): months of rent asked to move in; null when the agency has not said. */
    advanceMonths: integer('advance_months'),
    depositMonths: integer('deposit_months'),
    commissionMonths: integer('commission_months'),
    ...demo,
    ...timestamps,
  },
  (t) => [
    index('properties_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('properties_state_idx').on(t.state),
    index('properties_type_category_idx').on(t.type, t.category),
    index('properties_price_idx').on(t.price),
    index('properties_area_idx').on(t.area),
    index('properties_status_idx').on(t.status, t.statusChangedAt),
    index('properties_featured_idx')
      .on(t.featured)
      .where(sql`${t.featured}`),
    index('properties_views_idx').on(t.viewCount.desc()),
    index('properties_last_viewed_idx').on(t.lastViewedAt.desc(), t.id.desc()),
    index('properties_manager_idx').on(t.managerId),
    index('properties_verified_idx').on(t.verifiedAt),
    check('properties_price_check', sql`${t.price} >= 0`),
    check('properties_area_check', sql`${t.area} >= 0`),
    check('properties_view_count_check', sql`${t.viewCount} >= 0`),
    // The contract's bounds, kept by the database too; a sale carries none of the three.
    check('properties_advance_months_check', sql`${t.advanceMonths} BETWEEN 0 AND 24`),
    check('properties_deposit_months_check', sql`${t.depositMonths} BETWEEN 0 AND 24`),
    check('properties_commission_months_check', sql`${t.commissionMonths} BETWEEN 0 AND 12`),
    check(
      'properties_move_in_rent_check',
      sql`${t.type} = 'rent' OR (${t.advanceMonths} IS NULL AND ${t.depositMonths} IS NULL AND ${t.commissionMonths} IS NULL)`,
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    senderPhone: text('sender_phone'),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    propertyType: messagePropertyTypeEnum('property_type').notNull().default('general'),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    status: messageStatusEnum('status').notNull().default('new'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    ...demo,
    ...timestamps,
  },
  (t) => [
    index('messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('messages_status_idx').on(t.status),
  ],
);

export const visitRequests = pgTable(
  'visit_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    visitDate: text('visit_date').notNull(),
    telephone: text('telephone').notNull(),
    email: text('email'),
    url: text('url'),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    status: visitStatusEnum('status').notNull().default('new'),
    ...demo,
    ...timestamps,
  },
  (t) => [
    index('visit_requests_created_idx').on(t.createdAt.desc()),
    index('visit_requests_status_idx').on(t.status),
  ],
);

export const media = pgTable('media', {
  /** Random hex name; also the stem of every file of this item under DATA_DIR/media. */
  id: text('id').primaryKey(),
  type: text('type', { enum: ['image', 'video'] }).notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  files: jsonb('files').$type<string[]>().notNull(),
  item: jsonb('item').$type<MediaItem>().notNull(),
  ...demo,
  createdAt: timestamps.createdAt,
});

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: accountRoleEnum('role').notNull().default('admin'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set by an admin's reset and on a generated first password: the next login must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('accounts_email_idx').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the bearer token: a stolen database does not hand out live sessions. */
    tokenHash: text('token_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

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

/**
 * Who changed what, written in the same transaction as the change. The actor's name is copied so the row
 * still says who it was once the account is gone (actor_id then becomes null).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: auditActionEnum('action').notNull(),
    entity: auditEntityEnum('entity').notNull(),
    entityId: integer('entity_id'),
    label: text('label').notNull(),
    detail: text('detail'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc()),
  ],
);

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
 * One publish at a time across the instances (src/server/services/publish-lease.ts): one row while a build
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
export const TRANSIENT_TABLES: readonly string[] = ['rate_limit_hits', 'visitor_salts', 'publish_lease'];
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
