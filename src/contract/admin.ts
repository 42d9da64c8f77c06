import { z } from 'zod';
import { Email, Id, IsoDateTime, Line, PageQuery } from './common.ts';
import { AccountRole, VisitStatus } from './enums.ts';
import { Account } from './auth.ts';

export const VisitStatusPatch = z.object({ status: VisitStatus });

/** Staff accounts: only admins list, create and remove them. */
export const AccountSummary = Account.extend({
  createdAt: IsoDateTime,
  lastLoginAt: IsoDateTime.nullable(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

export const AccountInput = z.object({
  email: Email,
  name: Line(120),
  password: z
    .string()
    .min(12, { error: 'Le mot de passe doit contenir au moins 12 caractères' })
    .max(256, { error: 'Le mot de passe est trop long' }),
  role: AccountRole.default('agent'),
});
export type AccountInput = z.infer<typeof AccountInput>;

export const AUDIT_ENTITIES = ['property', 'team', 'message', 'visit', 'account', 'site', 'demo'] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status', 'publish'] as const;
export const AuditEntity = z.enum(AUDIT_ENTITIES);
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditEntity = z.infer<typeof AuditEntity>;
export type AuditAction = z.infer<typeof AuditAction>;

/** One recorded change: who did what to which record, and when. */
export const AuditEntry = z.object({
  id: Id,
  at: IsoDateTime,
  /** Null when the account has since been removed; `actorName` keeps who it was. */
  actorId: Id.nullable(),
  actorName: z.string(),
  action: AuditAction,
  entity: AuditEntity,
  entityId: Id.nullable(),
  /** The record's title or name at the time of the change. */
  label: z.string(),
  /** What changed, e.g. "available → sold" or the list of edited fields. */
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListQuery = PageQuery.extend({
  entity: AuditEntity.optional(),
  entityId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const PUBLISH_STATES = ['idle', 'running', 'failed'] as const;

/** State of the public site's rebuild, as `GET /api/publish` answers it. */
export const PublishState = z.object({
  state: z.enum(PUBLISH_STATES),
  /** `local`: this server builds the site; `hook`: an external deploy hook is called instead. */
  mode: z.enum(['local', 'hook']),
  lastPublishedAt: IsoDateTime.nullable(),
  lastError: z.string().optional(),
  startedAt: IsoDateTime.nullable(),
  /** What the running build is doing, in French, for staff. */
  step: z.string().nullable(),
  /** 0–100 while running, counted from the pages written; null when unknown. */
  progress: z.number().min(0).max(100).nullable(),
  lastDurationMs: z.number().int().nonnegative().nullable(),
  /** Changes recorded since the last successful publish. */
  pendingChanges: z.number().int().nonnegative(),
  /** When an automatic publish is scheduled (PUBLISH_AUTO_DELAY_SECONDS), else null. */
  autoPublishAt: IsoDateTime.nullable(),
});
export type PublishState = z.infer<typeof PublishState>;
