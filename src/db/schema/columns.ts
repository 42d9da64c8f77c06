// The enums and the column sets several tables share.
import { boolean, pgEnum, timestamp } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_ROLES,
  ALERT_STATUSES,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  CURRENCIES,
  FOLLOW_UPS,
  LEAD_CHANNELS,
  MESSAGE_PROPERTY_TYPES,
  MESSAGE_STATUSES,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  REQUEST_KINDS,
  TEAM_ROLES,
  VISIT_STATUSES,
} from '../../contract/index.ts';

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
export const leadChannelEnum = pgEnum('lead_channel', LEAD_CHANNELS);
export const followUpEnum = pgEnum('follow_up', FOLLOW_UPS);
export const requestKindEnum = pgEnum('request_kind', REQUEST_KINDS);

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * Set on the rows the demo seed writes and cleared by any staff edit of the row, so "remove the demo data"
 * deletes exactly what nobody at the agency has made or touched.
 */
export const demo = { demo: boolean('demo').notNull().default(false) };
