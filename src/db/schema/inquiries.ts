// What visitors send: messages and visit requests, each possibly about a listing.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  followUpEnum,
  messageStatusEnum,
  messagePropertyTypeEnum,
  requestKindEnum,
  visitStatusEnum,
  timestamps,
  demo,
} from './columns.ts';
import { properties, teamMembers } from './listings.ts';
import { accounts } from './staff.ts';

/**
 * The inbox's follow-up of a request: where it stands, the agent in charge (the listing's when it
 * came), staff's internal note, and when it was first contacted (the 48-hour flag and the median time).
 */
const followUp = {
  followUp: followUpEnum('follow_up').notNull().default('new'),
  assigneeId: integer('assignee_id').references(() => teamMembers.id, { onDelete: 'set null' }),
  note: text('note'),
  contactedAt: timestamp('contacted_at', { withTimezone: true, mode: 'date' }),
};

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
    ...followUp,
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
    ...followUp,
    ...demo,
    ...timestamps,
  },
  (t) => [
    index('visit_requests_created_idx').on(t.createdAt.desc()),
    index('visit_requests_status_idx').on(t.status),
  ],
);

/**
 * Each change staff made to a request's follow-up, oldest first: who, when, which field, from what to what.
 * Kept apart from the audit log, whose changes start a publish of the site: a request is not on the site.
 */
export const requestHistory = pgTable(
  'request_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: requestKindEnum('kind').notNull(),
    requestId: integer('request_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** 'followUp', 'assignee' or 'note'. */
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
  },
  (t) => [index('request_history_request_idx').on(t.kind, t.requestId, t.at)],
);
