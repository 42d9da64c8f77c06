import { z } from 'zod';
import { Email, Id, IsoDateTime, Line, PageQuery } from './common.ts';
import { AccountRole, VisitStatus } from './enums.ts';
import { Account, NewPassword } from './auth.ts';

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
  password: NewPassword,
  role: AccountRole.default('agent'),
});
export type AccountInput = z.infer<typeof AccountInput>;

/** An admin's reset of another account: the temporary password given, or one generated when absent. */
export const PasswordResetRequest = z.object({ password: NewPassword.optional() });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** The temporary password, shown once to the admin; the account must change it at its next login. */
export const PasswordResetResponse = z.object({ temporaryPassword: z.string(), generated: z.boolean() });
export type PasswordResetResponse = z.infer<typeof PasswordResetResponse>;

/** `data`: the retention job's purges (by the server itself; they change nothing of the public site). */
export const AUDIT_ENTITIES = [
  'property',
  'team',
  'message',
  'visit',
  'account',
  'site',
  'media',
  'data',
  'demo',
  'settings',
  'rates',
  'alert',
] as const;
/** Audited changes that leave the public site as it is: they neither wait for nor start a publish. */
export const SITE_NEUTRAL_ENTITIES: readonly AuditEntity[] = ['site', 'data', 'alert'];
/** `verify`: staff checked a listing on site; the audit row is who and when. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status', 'publish', 'verify'] as const;
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
  /**
   * The running publish's pages are online and the content search's index follows (decision 0045):
   * staff can publish again at once (the new publish makes the index for both).
   */
  searchFollowing: z.boolean(),
});
export type PublishState = z.infer<typeof PublishState>;

/**
 * The backups this server writes (BACKUP_DIR), for admins: a backup that failed (the daily one or
 * `npm run backup`) is shown until one succeeds; `overdue` when BACKUP_DAILY is on and none is newer than
 * two days.
 */
export const BackupStatus = z.object({
  daily: z.boolean(),
  lastBackupAt: IsoDateTime.nullable(),
  lastFailure: z.object({ at: IsoDateTime, message: z.string() }).nullable(),
  overdue: z.boolean(),
});
export type BackupStatus = z.infer<typeof BackupStatus>;
