// The "Demandes" inbox: messages, listing reports and visit requests in one list, each followed
// up (status, agent in charge, internal note) with the history of who changed what.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  UNANSWERED_HOURS,
  type InboxDetail,
  type InboxFilters,
  type InboxItem,
  type InboxPatch,
  type InboxSummary,
  type Page,
  type RequestKind,
} from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { messages, requestHistory, teamMembers, visitRequests } from '../../db/schema.ts';
import type { Actor } from './audit.ts';
import { rowsOf } from './dump.ts';
import { iso, isoOrNull } from './mapping.ts';
import type { PageQuery } from './paging.ts';

/** Both kinds of request in the same columns. */
export const requests = sql`(
  SELECT 'message' AS kind, id, created_at, sender_name AS name, sender_phone AS phone, sender_email AS email,
         subject, content, property_type::text AS topic, property_id, follow_up::text AS follow_up, assignee_id,
         note, contacted_at
  FROM messages
  UNION ALL
  SELECT 'visit', id, created_at, name, telephone, email, visit_date, NULL, NULL, property_id, follow_up::text,
         assignee_id, note, contacted_at
  FROM visit_requests
) r`;

export const overdue = sql`(r.follow_up = 'new' AND r.created_at < now() - ${UNANSWERED_HOURS} * interval '1 hour')`;

interface Row {
  kind: RequestKind;
  id: number;
  created_ms: number;
  name: string;
  phone: string | null;
  email: string | null;
  subject: string;
  content: string | null;
  topic: InboxItem['topic'];
  property_id: number | null;
  property_title: string | null;
  follow_up: InboxItem['followUp'];
  assignee_id: number | null;
  assignee_name: string | null;
  assignee_email: string | null;
  note: string | null;
  contacted_ms: number | null;
  overdue: boolean;
  total?: string | number;
}

const toItem = (r: Row): InboxItem => ({
  kind: r.kind,
  id: r.id,
  createdAt: iso(new Date(Number(r.created_ms))),
  name: r.name,
  phone: r.phone,
  email: r.email,
  subject: r.subject,
  content: r.content,
  topic: r.topic,
  propertyId: r.property_id,
  propertyTitle: r.property_title,
  followUp: r.follow_up,
  assigneeId: r.assignee_id,
  assigneeName: r.assignee_name,
  note: r.note,
  contactedAt: isoOrNull(r.contacted_ms === null ? null : new Date(Number(r.contacted_ms))),
  overdue: Boolean(r.overdue),
});

function conditions(f: InboxFilters): SQL {
  const where: SQL[] = [sql`TRUE`];
  if (f.followUp) where.push(sql`r.follow_up = ${f.followUp}`);
  if (f.kind === 'visit') where.push(sql`r.kind = 'visit'`);
  if (f.kind === 'message') where.push(sql`r.kind = 'message' AND r.topic <> 'report'`);
  if (f.kind === 'report') where.push(sql`r.topic = 'report'`);
  if (f.assignee === 'none') where.push(sql`r.assignee_id IS NULL`);
  else if (f.assignee !== undefined) where.push(sql`r.assignee_id = ${f.assignee}`);
  if (f.property !== undefined) where.push(sql`r.property_id = ${f.property}`);
  if (f.overdue === 'true') where.push(overdue);
  if (f.overdue === 'false') where.push(sql`NOT ${overdue}`);
  return sql.join(where, sql` AND `);
}

const select = (where: SQL, tail: SQL = sql``) => sql`
  SELECT r.*, p.title AS property_title, t.name AS assignee_name, t.email AS assignee_email,
         ${overdue} AS overdue,
         (EXTRACT(EPOCH FROM r.created_at) * 1000)::float8 AS created_ms,
         (EXTRACT(EPOCH FROM r.contacted_at) * 1000)::float8 AS contacted_ms,
         count(*) OVER () AS total
  FROM ${requests}
  LEFT JOIN properties p ON p.id = r.property_id
  LEFT JOIN team_members t ON t.id = r.assignee_id
  WHERE ${where}
  ORDER BY r.created_at DESC, r.kind, r.id DESC ${tail}`;

const tableOf = (kind: RequestKind) => (kind === 'message' ? messages : visitRequests);

/** A request as the inbox shows it, read on `handle` (`db` or a transaction); null when there is none. */
const one = async (handle: Db, kind: RequestKind, id: number) =>
  rowsOf<Row>(await handle.execute(select(sql`r.kind = ${kind} AND r.id = ${id}`)))[0] ?? null;

/** Who changed what of a request, oldest first. */
const history = async (db: Db, kind: RequestKind, id: number) =>
  (
    await db
      .select()
      .from(requestHistory)
      .where(and(eq(requestHistory.kind, kind), eq(requestHistory.requestId, id)))
      .orderBy(asc(requestHistory.at), asc(requestHistory.id))
  ).map((h) => ({
    at: iso(h.at),
    actorName: h.actorName,
    field: h.field as InboxDetail['history'][number]['field'],
    before: h.before,
    after: h.after,
  }));

/** The name of the agent in charge once `patch` applies; undefined when the agent it names does not exist. */
async function assigneeAfter(tx: Db, patch: InboxPatch, current: string | null) {
  if (patch.assigneeId === undefined) return current;
  if (patch.assigneeId === null) return null;
  const [member] = await tx
    .select({ name: teamMembers.name })
    .from(teamMembers)
    .where(eq(teamMembers.id, patch.assigneeId));
  return member?.name;
}

/** Each field `patch` changes, as the request's history records it. */
function changesOf(before: Row, patch: InboxPatch, assigneeName: string | null) {
  const changes: { field: string; before: string | null; after: string | null }[] = [];
  if (patch.followUp !== undefined && patch.followUp !== before.follow_up)
    changes.push({ field: 'followUp', before: before.follow_up, after: patch.followUp });
  if (patch.assigneeId !== undefined && patch.assigneeId !== before.assignee_id)
    changes.push({ field: 'assignee', before: before.assignee_name, after: assigneeName });
  if (patch.note !== undefined && (patch.note ?? null) !== before.note)
    changes.push({ field: 'note', before: before.note, after: patch.note ?? null });
  return changes;
}

/**
 * Applies `patch` to a request with a history row per field changed, inside `tx`. Leaving "nouvelle" the
 * first time dates the first contact. Null when there is no such request; 'agent' when the agent named
 * does not exist.
 */
async function applyPatch(
  tx: Db,
  kind: RequestKind,
  id: number,
  patch: InboxPatch,
  actor: Actor,
): Promise<true | null | 'agent'> {
  const table = tableOf(kind);
  const [locked] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
  if (!locked) return null;
  const before = (await one(tx, kind, id))!;
  const assigneeName = await assigneeAfter(tx, patch, before.assignee_name);
  if (assigneeName === undefined) return 'agent';
  const changes = changesOf(before, patch, assigneeName);
  if (changes.length === 0) return true;
  const leavesNew = patch.followUp !== undefined && patch.followUp !== 'new';
  await tx
    .update(table)
    .set({
      ...(patch.followUp !== undefined ? { followUp: patch.followUp } : {}),
      ...(patch.assigneeId !== undefined ? { assigneeId: patch.assigneeId } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
      ...(leavesNew ? { contactedAt: sql`COALESCE(${table.contactedAt}, now())` } : {}),
      // Handled by staff: kept when the demo data is cleared.
      demo: false,
      updatedAt: sql`now()`,
    })
    .where(eq(table.id, id));
  await tx
    .insert(requestHistory)
    .values(changes.map((c) => ({ ...c, kind, requestId: id, actorId: actor.id, actorName: actor.name })));
  return true;
}

export function inboxRepository(database: Database) {
  const { db } = database;

  async function get(kind: RequestKind, id: number): Promise<InboxDetail | null> {
    const row = await one(db, kind, id);
    return row ? { ...toItem(row), history: await history(db, kind, id) } : null;
  }

  return {
    get,

    /** A request with the e-mail of the agent in charge, for its notification. */
    async forMail(kind: RequestKind, id: number) {
      const row = await one(db, kind, id);
      return row ? { item: toItem(row), agentEmail: row.assignee_email } : null;
    },

    async list(q: InboxFilters & PageQuery): Promise<Page<InboxItem>> {
      const rows = rowsOf<Row>(
        await db.execute(select(conditions(q), sql`LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`)),
      );
      // A page past the end has no row to carry the total: counted apart then.
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && q.page > 1) {
        const [n] = rowsOf<{ n: string }>(
          await db.execute(sql`SELECT count(*) AS n FROM ${requests} WHERE ${conditions(q)}`),
        );
        total = Number(n?.n ?? 0);
      }
      return { data: rows.map(toItem), total, page: q.page, limit: q.limit };
    },

    /** Every request the filters select, for the CSV export (oldest requests last, as in the list). */
    async all(f: InboxFilters): Promise<InboxItem[]> {
      return rowsOf<Row>(await db.execute(select(conditions(f)))).map(toItem);
    },

    /** Changes a request's follow-up (applyPatch, in one transaction), then answers it as it is now. */
    async update(
      kind: RequestKind,
      id: number,
      patch: InboxPatch,
      actor: Actor,
    ): Promise<InboxDetail | null | 'agent'> {
      const done = await database.transaction((tx) => applyPatch(tx, kind, id, patch, actor));
      if (done === null || done === 'agent') return done;
      return get(kind, id);
    },

    /** What waits, and the median time to a first contact of the requests of the last 30 days. */
    async summary(): Promise<InboxSummary> {
      const [row] = rowsOf<{ new: string; overdue: string; median: string | null }>(
        await db.execute(sql`
          SELECT count(*) FILTER (WHERE r.follow_up = 'new') AS new,
                 count(*) FILTER (WHERE ${overdue}) AS overdue,
                 percentile_cont(0.5) WITHIN GROUP (
                   ORDER BY EXTRACT(EPOCH FROM r.contacted_at - r.created_at) / 3600
                 ) FILTER (WHERE r.contacted_at IS NOT NULL AND r.created_at >= now() - interval '30 days')
                   AS median
          FROM ${requests}`),
      );
      return {
        new: Number(row?.new ?? 0),
        overdue: Number(row?.overdue ?? 0),
        medianHoursToContact:
          row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median) * 10) / 10,
      };
    },
  };
}

export type InboxRepository = ReturnType<typeof inboxRepository>;
