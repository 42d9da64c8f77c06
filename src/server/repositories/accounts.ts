import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Account, AccountRole, AccountSummary } from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { accounts, loginFailures, sessions } from '../../db/schema.ts';
import type { Actor, AuditRepository } from './audit.ts';
import { pgCode, RefusedError } from './errors.ts';
import { iso, isoOrNull } from './mapping.ts';
import { newestFirst, type PageQuery } from './paging.ts';
import type { FailureCounts } from '../services/login-throttle.ts';

const publicColumns = {
  id: accounts.id,
  email: accounts.email,
  name: accounts.name,
  role: accounts.role,
  mustChangePassword: accounts.mustChangePassword,
};
const summaryColumns = { ...publicColumns, createdAt: accounts.createdAt, lastLoginAt: accounts.lastLoginAt };

type NewAccount = {
  email: string;
  name: string;
  passwordHash: string;
  role: AccountRole;
  mustChangePassword?: boolean;
};

function toSummary(row: Account & { createdAt: Date; lastLoginAt: Date | null }): AccountSummary {
  return { ...row, createdAt: iso(row.createdAt), lastLoginAt: isoOrNull(row.lastLoginAt) };
}

const labelOf = (a: { name: string; email: string }) => `${a.name} <${a.email}>`;

/** Staff accounts as the admin manages them: counted, created, listed, removed. */
function accountQueries({ db }: Database, audit: AuditRepository) {
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

    async list(q: PageQuery) {
      return newestFirst(
        db,
        q,
        { table: accounts, columns: summaryColumns, newest: accounts.createdAt, where: undefined },
        toSummary,
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
  };
}

/** Logging in: the account behind an e-mail, and the sessions a login opens and a logout ends. */
function sessionQueries(database: Database) {
  const { db } = database;
  return {
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
  };
}

/** The password of an account: checked again, changed by its owner, reset by an admin. */
function passwordQueries({ db }: Database, audit: AuditRepository) {
  return {
    /** The stored hash of an active account, to check a password again (change of password). */
    async passwordHash(id: number): Promise<string | null> {
      const [row] = await db
        .select({ hash: accounts.passwordHash })
        .from(accounts)
        .where(and(eq(accounts.id, id), eq(accounts.isActive, true)));
      return row?.hash ?? null;
    },

    /**
     * The owner's own change: the new hash, the must-change flag cleared, and every other session of the
     * account revoked (a thief's included), the current one kept; audited in the same transaction.
     */
    async changePassword(actor: Account, passwordHash: string, keepTokenHash: string): Promise<void> {
      await audit.change(actor, async (tx) => {
        await tx
          .update(accounts)
          .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
          .where(eq(accounts.id, actor.id));
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(
            and(
              eq(sessions.accountId, actor.id),
              ne(sessions.tokenHash, keepTokenHash),
              isNull(sessions.revokedAt),
            ),
          );
        const fact = {
          action: 'update',
          entity: 'account',
          entityId: actor.id,
          label: labelOf(actor),
        } as const;
        return [undefined, { ...fact, detail: 'mot de passe changé' }];
      });
    },

    /**
     * An admin's reset of another account: a temporary password that must be changed at the next login,
     * and every session of the account ended. False when there is no such account.
     */
    async resetPassword(id: number, passwordHash: string, actor: Actor): Promise<boolean> {
      if (id === actor.id)
        throw new RefusedError(400, 'Pour votre propre compte, utilisez « Changer mon mot de passe »');
      return audit.change(actor, async (tx) => {
        const [target] = await tx
          .update(accounts)
          .set({ passwordHash, mustChangePassword: true, updatedAt: sql`now()` })
          .where(eq(accounts.id, id))
          .returning(publicColumns);
        if (!target) return [false, null];
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.accountId, id), isNull(sessions.revokedAt)));
        const fact = { action: 'update', entity: 'account', entityId: id, label: labelOf(target) } as const;
        return [true, { ...fact, detail: 'mot de passe réinitialisé' }];
      });
    },
  };
}

/** The failed logins the login throttle counts (services/login-throttle.ts). */
function failureQueries({ db }: Database) {
  return {
    /** What the failure log says of a login attempt by `email` from `ip` (see login-throttle.ts). */
    async failureCounts(
      email: string,
      ip: string,
      windows: { pairMs: number; addressMs: number },
    ): Promise<FailureCounts> {
      const pairSince = new Date(Date.now() - windows.pairMs);
      const addressSince = new Date(Date.now() - windows.addressMs);
      // Column-typed comparisons: the driver is handed the dates as the column maps them.
      const pair = and(eq(loginFailures.email, email), gt(loginFailures.at, pairSince));
      const address = gt(loginFailures.at, addressSince);
      const [row] = await db
        .select({
          pair: sql<number>`count(*) FILTER (WHERE ${pair})::int`,
          lastPair: sql<Date | null>`max(${loginFailures.at}) FILTER (WHERE ${pair})`.mapWith(
            loginFailures.at,
          ),
          address: sql<number>`count(*) FILTER (WHERE ${address})::int`,
          firstAddress: sql<Date | null>`min(${loginFailures.at}) FILTER (WHERE ${address})`.mapWith(
            loginFailures.at,
          ),
        })
        .from(loginFailures)
        .where(
          and(eq(loginFailures.ip, ip), gt(loginFailures.at, new Date(Math.min(+pairSince, +addressSince)))),
        );
      return {
        pair: Number(row?.pair ?? 0),
        lastPairFailure: row?.lastPair ?? null,
        address: Number(row?.address ?? 0),
        firstAddressFailure: row?.firstAddress ?? null,
      };
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      await db.insert(loginFailures).values({ email, ip });
    },

    /** A success forgets the failures of that e-mail from that address only: elsewhere they still count. */
    async clearFailures(email: string, ip: string): Promise<void> {
      await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
    },
  };
}

export function accountsRepository(database: Database, audit: AuditRepository) {
  return {
    ...accountQueries(database, audit),
    ...sessionQueries(database),
    ...passwordQueries(database, audit),
    ...failureQueries(database),
  };
}
