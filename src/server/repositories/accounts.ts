import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Account, AccountRole } from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { accounts, loginFailures, sessions } from '../../db/schema.ts';

const publicColumns = { id: accounts.id, email: accounts.email, name: accounts.name, role: accounts.role };

export function accountsRepository(database: Database) {
  const { db } = database;
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(accounts);
      return row?.n ?? 0;
    },

    async create(values: {
      email: string;
      name: string;
      passwordHash: string;
      role: AccountRole;
    }): Promise<Account> {
      const [row] = await db.insert(accounts).values(values).returning(publicColumns);
      return row!;
    },

    async findForLogin(email: string) {
      const [row] = await db
        .select({ ...publicColumns, passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(and(eq(accounts.email, email), eq(accounts.isActive, true)));
      return row ?? null;
    },

    async createSession(accountId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(sessions).values({ accountId, tokenHash, expiresAt });
    },

    /** The account behind a live session: not expired, not revoked, account still active. */
    async findSession(tokenHash: string) {
      const [row] = await db
        .select({ account: publicColumns, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            eq(accounts.isActive, true),
          ),
        );
      return row ?? null;
    },

    async revokeSession(tokenHash: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },

    /** Failed logins in the window, for the account and for the address: the larger one decides. */
    async recentFailures(email: string, ip: string, windowMs: number): Promise<number> {
      const since = new Date(Date.now() - windowMs);
      const [row] = await db
        .select({
          byEmail: sql<number>`count(*) FILTER (WHERE ${loginFailures.email} = ${email})::int`,
          byIp: sql<number>`count(*) FILTER (WHERE ${loginFailures.ip} = ${ip})::int`,
        })
        .from(loginFailures)
        .where(
          and(gt(loginFailures.at, since), or(eq(loginFailures.email, email), eq(loginFailures.ip, ip))),
        );
      return Math.max(Number(row?.byEmail ?? 0), Number(row?.byIp ?? 0));
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      await db.insert(loginFailures).values({ email, ip });
    },

    async clearFailures(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
