import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Account, AccountRole, AccountSummary } from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { accounts, loginFailures, sessions } from '../../db/schema.ts';
import type { Actor, AuditRepository } from './audit.ts';
import { pgCode, RefusedError } from './errors.ts';
import { iso, isoOrNull } from './mapping.ts';
import { pageOf } from './paging.ts';

const publicColumns = { id: accounts.id, email: accounts.email, name: accounts.name, role: accounts.role };
const summaryColumns = { ...publicColumns, createdAt: accounts.createdAt, lastLoginAt: accounts.lastLoginAt };

type NewAccount = { email: string; name: string; passwordHash: string; role: AccountRole };

function toSummary(row: Account & { createdAt: Date; lastLoginAt: Date | null }): AccountSummary {
  return { ...row, createdAt: iso(row.createdAt), lastLoginAt: isoOrNull(row.lastLoginAt) };
}

const labelOf = (a: { name: string; email: string }) => `${a.name} <${a.email}>`;

export function accountsRepository(database: Database, audit: AuditRepository) {
  const { db } = database;

  async function insert(handle: Db, values: NewAccount): Promise<AccountSummary> {
    try {
      const [row] = await handle.insert(accounts).values(values).returning(summaryColumns);
      return toSummary(row!);
    } catch (error) {
      if (pgCode(error) === '23505')
        throw new RefusedError(409, 'Un compte existe déjà avec cette adresse e-mail');
      throw error;
    }
  }

  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(accounts);
      return row?.n ?? 0;
    },

    /** Without an actor: the server's own first admin (start-up), which is not a staff change. */
    async create(values: NewAccount, actor?: Actor): Promise<AccountSummary> {
      if (!actor) return insert(db, values);
      return audit.change(actor, async (tx) => {
        const account = await insert(tx, values);
        const fact = {
          action: 'create',
          entity: 'account',
          entityId: account.id,
          label: labelOf(account),
        } as const;
        return [account, { ...fact, detail: account.role }];
      });
    },

    async list(q: { page: number; limit: number }) {
      return pageOf(
        db,
        q,
        { table: accounts, where: undefined },
        (window) =>
          db
            .select(summaryColumns)
            .from(accounts)
            .orderBy(desc(accounts.createdAt), desc(accounts.id))
            .limit(window.limit)
            .offset(window.offset),
        (row): AccountSummary => ({
          ...row,
          createdAt: iso(row.createdAt),
          lastLoginAt: isoOrNull(row.lastLoginAt),
        }),
      );
    },

    /**
     * Removes an account and its sessions. Nobody removes their own account, and the last active admin
     * stays: the admin rows are locked first, so two admins removing each other at once cannot both succeed.
     */
    async remove(id: number, actor: Actor): Promise<boolean> {
      if (id === actor.id) throw new RefusedError(400, 'Vous ne pouvez pas supprimer votre propre compte');
      return audit.change(actor, async (tx) => {
        const admins = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.role, 'admin'), eq(accounts.isActive, true)))
          .orderBy(accounts.id)
          .for('update');
        const [target] = await tx
          .select(publicColumns)
          .from(accounts)
          .where(eq(accounts.id, id))
          .for('update');
        if (!target) return [false, null];
        if (target.role === 'admin' && admins.every((a) => a.id === id)) {
          throw new RefusedError(409, 'Impossible de supprimer le dernier administrateur');
        }
        await tx.delete(accounts).where(eq(accounts.id, id));
        return [
          true,
          { action: 'delete', entity: 'account', entityId: id, label: labelOf(target), detail: target.role },
        ];
      });
    },

    async findForLogin(email: string) {
      const [row] = await db
        .select({ ...publicColumns, passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(and(eq(accounts.email, email), eq(accounts.isActive, true)));
      return row ?? null;
    },

    /** A new session is a login: the account's last login is stamped with it. */
    async createSession(accountId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await database.transaction(async (tx) => {
        await tx.insert(sessions).values({ accountId, tokenHash, expiresAt });
        await tx
          .update(accounts)
          .set({ lastLoginAt: sql`now()` })
          .where(eq(accounts.id, accountId));
      });
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
