import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, messages, sessions, visitRequests } from '../../db/schema.ts';

/**
 * The purges of the retention job, one per kind of record: each deletes, in the job's transaction, what is
 * older than its period and answers how many rows went. Periods are counted by the database clock.
 */
const before = (days: number) => sql`now() - ${days} * interval '1 day'`;

async function deleted(run: Promise<unknown[]>): Promise<number> {
  return (await run).length;
}

/** Messages whose last contact (received, answered, status changed) is older than `days`. */
export const purgeMessages = (tx: Db, days: number) =>
  deleted(
    tx
      .delete(messages)
      .where(
        lt(
          sql`GREATEST(${messages.createdAt}, ${messages.updatedAt}, COALESCE(${messages.repliedAt}, ${messages.createdAt}))`,
          before(days),
        ),
      )
      .returning({ id: messages.id }),
  );

/** Visit requests whose last change (sent, status changed) is older than `days`. */
export const purgeVisitRequests = (tx: Db, days: number) =>
  deleted(
    tx
      .delete(visitRequests)
      .where(lt(sql`GREATEST(${visitRequests.createdAt}, ${visitRequests.updatedAt})`, before(days)))
      .returning({ id: visitRequests.id }),
  );

/** Failed logins (an e-mail and an address) older than `days`; the lockout looks back 24 hours at most. */
export const purgeLoginFailures = (tx: Db, days: number) =>
  deleted(
    tx
      .delete(loginFailures)
      .where(lt(loginFailures.at, before(days)))
      .returning({ id: loginFailures.id }),
  );

/** Sessions that expired or were revoked more than `days` ago: they open nothing any more. */
export const purgeSessions = (tx: Db, days: number) =>
  deleted(
    tx
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, before(days)), lt(sessions.revokedAt, before(days))))
      .returning({ id: sessions.id }),
  );
