// What visitors send: messages and visit requests, each possibly about a listing.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { messageStatusEnum, messagePropertyTypeEnum, visitStatusEnum, timestamps, demo } from './columns.ts';
import { properties } from './listings.ts';

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
