// Staff accounts, their sessions and failed logins, and the audit log of what they changed.
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRoleEnum, auditActionEnum, auditEntityEnum, timestamps } from './columns.ts';

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
