import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, messages, sessions, visitRequests } from '../../db/schema.ts';
import { deleteInBatches } from './batched-delete.ts';

/**
 * The purges of the retention job, one per kind of record: each deletes, in the job's transaction, what is
 * older than its period, in batches that bring back only their count, and answers how many rows went.
 * Periods are counted by the database clock.
 */
const before = (days: number) => sql`now() - ${days} * interval '1 day'`;

/** Messages whose last contact (received, answered, status changed) is older than `days`. */
export const purgeMessages = (tx: Db, days: number) =>
  deleteInBatches(
    tx,
    messages,
    messages.id,
    lt(
      sql`GREATEST(${messages.createdAt}, ${messages.updatedAt}, COALESCE(${messages.repliedAt}, ${messages.createdAt}))`,
      before(days),
    ),
  );

/** Visit requests whose last change (sent, status changed) is older than `days`. */
export const purgeVisitRequests = (tx: Db, days: number) =>
  deleteInBatches(
    tx,
    visitRequests,
    visitRequests.id,
    lt(sql`GREATEST(${visitRequests.createdAt}, ${visitRequests.updatedAt})`, before(days)),
  );

/** Failed logins (an e-mail and an address) older than `days`; the lockout looks back 24 hours at most. */
export const purgeLoginFailures = (tx: Db, days: number) =>
  deleteInBatches(tx, loginFailures, loginFailures.id, lt(loginFailures.at, before(days)));

/** Sessions that expired or were revoked more than `days` ago: they open nothing any more. */
export const purgeSessions = (tx: Db, days: number) =>
  deleteInBatches(
    tx,
    sessions,
    sessions.id,
    or(lt(sessions.expiresAt, before(days)), lt(sessions.revokedAt, before(days))),
  );
