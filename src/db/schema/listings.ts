// The listings, the team members who manage them and the uploaded media they show.
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
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { type Amenity, type MediaItem } from '../../contract/index.ts';
import {
  currencyEnum,
  propertyTypeEnum,
  propertyCategoryEnum,
  propertyStatusEnum,
  teamRoleEnum,
  timestamps,
  demo,
} from './columns.ts';
import { accounts } from './staff.ts';

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
