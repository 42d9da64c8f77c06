import { and, count, eq, inArray, max, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  SITE_NEUTRAL_ENTITIES,
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
  type AuditListQuery,
} from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { iso } from './mapping.ts';
import { newestFirst } from './paging.ts';

/** Who makes a change: a staff account, or the server itself (id null, e.g. 'Publication automatique'). */
export interface Actor {
  id: number | null;
  name: string;
}

/** What a change did, as its audit row tells it. */
export interface AuditFact {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  /** The record's title or name at the time of the change. */
  label: string;
  detail?: string | null;
  /** When the change counts from, if not now (a publish dates from its start: later edits are pending). */
  at?: Date;
}

type Listener = (fact: AuditFact) => void;

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: iso(row.at),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    label: row.label,
    detail: row.detail,
  };
}

/** JSON with sorted keys: jsonb hands objects back with its own key order, which is no change. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The names of the fields of `after` whose value differs from `before`, for an update's detail. */
export function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  return Object.entries(after)
    .filter(([key, value]) => canonical(old[key]) !== canonical(value))
    .map(([key]) => key);
}

/** "available → sold": the detail of a status change. */
export const transition = (from: string, to: string) => `${from} → ${to}`;

type Identified = PgTable & { id: AnyPgColumn; $inferSelect: object };

/** Row `id` as it is before a change, locked until the transaction ends; null when there is none. */
export async function lockedRow<T extends Identified>(
  tx: Db,
  table: T,
  id: number,
): Promise<T['$inferSelect'] | null> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/**
 * Row `id` before and after staff changed it with `patch`, or null when there is none. The row is locked for
 * the rest of the transaction; an edit by staff makes it the agency's (no longer demo data, so clearing the
 * demo keeps it) and stamps updatedAt.
 */
async function editedRow<T extends Identified>(
  tx: Db,
  table: T,
  id: number,
  patch: PgUpdateSetSource<T>,
): Promise<{ before: T['$inferSelect']; after: T['$inferSelect'] } | null> {
  const before = await lockedRow(tx, table, id);
  if (!before) return null;
  const [after] = await tx
    .update(table as PgTable)
    .set({ ...patch, demo: false, updatedAt: sql`now()` })
    .where(eq(table.id, id))
    .returning();
  return { before, after: after as T['$inferSelect'] };
}

/** Row `id` as it was before staff changed it with `patch` (editedRow), or null when there is none. */
export async function editRow<T extends Identified>(
  tx: Db,
  table: T,
  id: number,
  patch: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | null> {
  return (await editedRow(tx, table, id, patch))?.before ?? null;
}

/** A table whose rows staff move from status to status (listings, messages, visit requests). */
type WithStatus = Identified & { $inferSelect: { status: string } };

/**
 * Staff's move of row `id` of `table` to `status` (with `patch`, what else the move sets), for
 * `audit.change`: the row after it and its audit fact, "before → after" under the row's `labelOf`; nulls
 * when there is no such row.
 */
export async function statusChange<T extends WithStatus>(
  tx: Db,
  entity: AuditEntity,
  table: T,
  id: number,
  status: T['$inferSelect']['status'],
  labelOf: (row: T['$inferSelect']) => string,
  patch: PgUpdateSetSource<T> = {},
): Promise<[T['$inferSelect'], AuditFact] | [null, null]> {
  const edited = await editedRow(tx, table, id, { ...patch, status } as PgUpdateSetSource<T>);
  if (!edited) return [null, null];
  const { before, after } = edited;
  const detail = transition(before.status, status);
  return [after, { action: 'status', entity, entityId: id, label: labelOf(after), detail }];
}

export function auditRepository(database: Database) {
  const { db } = database;
  const listeners = new Set<Listener>();
  const isPublish = and(eq(auditLog.entity, 'site'), eq(auditLog.action, 'publish'));

  /**
   * Runs `run` in one transaction with the audit row it describes, so a failure leaves neither. `run`
   * answers its result and the fact to record, or a null fact when there was nothing to change (unknown
   * id). Listeners (automatic publishing) hear of the change once it is committed.
   */
  async function change<T>(actor: Actor, run: (tx: Db) => Promise<[T, AuditFact | null]>): Promise<T> {
    const [result, fact] = await database.transaction(async (tx) => {
      const [value, what] = await run(tx);
      if (what) {
        await tx.insert(auditLog).values({
          actorId: actor.id,
          actorName: actor.name,
          action: what.action,
          entity: what.entity,
          entityId: what.entityId,
          label: what.label,
          detail: what.detail ?? null,
          ...(what.at ? { at: what.at } : {}),
        });
      }
      return [value, what] as const;
    });
    if (fact) for (const listener of listeners) listener(fact);
    return result;
  }

  return {
    change,

    /** Deletes row `id` of `table` with its audit row, named by `labelOf`; false when there is none. */
    remove<T extends Identified>(
      actor: Actor,
      entity: AuditEntity,
      table: T,
      id: number,
      labelOf: (row: T['$inferSelect']) => string,
    ): Promise<boolean> {
      return change(actor, async (tx) => {
        const [row] = (await tx
          .delete(table as PgTable)
          .where(eq(table.id, id))
          .returning()) as T['$inferSelect'][];
        if (!row) return [false, null];
        return [true, { action: 'delete', entity, entityId: id, label: labelOf(row) }];
      });
    },

    /** Records a change made outside the database (a site publish). */
    record(actor: Actor, fact: AuditFact): Promise<void> {
      return change(actor, async () => [undefined, fact]);
    },

    /** Calls `listener` after each recorded change; returns the unsubscribe function. */
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async list(q: AuditListQuery) {
      const where: SQL[] = [];
      if (q.entity) where.push(eq(auditLog.entity, q.entity));
      if (q.entityId !== undefined) where.push(eq(auditLog.entityId, q.entityId));
      return newestFirst(db, q, { table: auditLog, newest: auditLog.at, where: and(...where) }, toEntry);
    },

    /** The last successful publish, and how many changes were recorded since (publishes aside). */
    async publishing(): Promise<{ lastPublishedAt: Date | null; pendingChanges: number }> {
      const [last] = await db
        .select({ at: max(auditLog.at) })
        .from(auditLog)
        .where(isPublish);
      // Compared in SQL, not through a JS Date: timestamps keep microseconds that a Date would round off.
      const since = sql`COALESCE((SELECT max(a.at) FROM audit_log a WHERE a.entity = 'site' AND a.action = 'publish'), '-infinity'::timestamptz)`;
      const [pending] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(not(inArray(auditLog.entity, [...SITE_NEUTRAL_ENTITIES])), sql`${auditLog.at} > ${since}`),
        );
      return { lastPublishedAt: last?.at ?? null, pendingChanges: pending?.n ?? 0 };
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
