import { and, count, eq, sql } from 'drizzle-orm';
import type { Alert, AlertInput, AlertListQuery, AlertStatus } from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { alertSubscriptions, alertTokens } from '../../db/schema.ts';
import { translator } from '../../i18n/index.ts';
import {
  ALERT_CONFIRMATION_EVERY_HOURS,
  ALERT_PENDING_DAYS,
  ALERT_PENDING_PER_DOMAIN_PER_DAY,
  ALERT_PENDING_PER_EMAIL,
  ALERT_REFUSED,
  ALERT_UNSUBSCRIBED_DAYS,
  describeFilters,
} from '../../shared/alerts.ts';
import { FILTER_KEYS, type CatalogueFilters } from '../../shared/catalogue-filter.ts';
import { hashToken } from '../services/tokens.ts';
import type { Actor, AuditRepository } from './audit.ts';
import { RefusedError } from './errors.ts';
import { iso, isoOrNull } from './mapping.ts';
import { newestFirst } from './paging.ts';
import { addToken, alertDigestQueries } from './alert-digest.ts';

export type { NewListing, Subscriber } from './alert-digest.ts';

type Row = typeof alertSubscriptions.$inferSelect;

function toAlert(r: Row): Alert {
  return {
    id: r.id,
    email: r.email,
    phone: r.phone,
    lang: r.lang as Alert['lang'],
    filters: r.filters,
    summary: describeFilters(r.filters, translator('fr')),
    status: r.status,
    createdAt: iso(r.createdAt),
    confirmedAt: isoOrNull(r.confirmedAt),
    lastSentAt: isoOrNull(r.lastSentAt),
  };
}

/** The filters as JSON in the catalogue's key order: equal filters give equal keys (jsonb reorders keys). */
const filtersKey = (f: CatalogueFilters) => JSON.stringify(FILTER_KEYS.map((key) => f[key]));

/**
 * Whether a sign-up may go on (ten sign-ups every ten minutes for someone else's address were
 * 1,440 mails a day from the agency's). While an address has a confirmation mail of the last day waiting,
 * nothing more is stored or sent, and the answer stays the visitor's usual one (false): whoever types an
 * address learns nothing of it, its owner gets one mail a day at most. Sign-ups piling up for one address
 * or one mail domain are refused with a message (429). Sign-ups of one domain are taken one at a time (a
 * transaction lock), so two at once cannot both pass. A confirmed alert signed up again goes on: it changes
 * nothing and sends nothing, as before.
 */
async function withinLimits(tx: Db, email: string, key: string): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`alert-signup:${domain}`}))`);
  const [row] = await tx
    .select({
      confirmed: sql<boolean>`bool_or(${alertSubscriptions.email} = ${email} AND ${alertSubscriptions.filtersKey} = ${key} AND ${alertSubscriptions.status} = 'confirmed')`,
      pendingHere:
        sql<number>`count(*) FILTER (WHERE ${alertSubscriptions.email} = ${email} AND ${alertSubscriptions.filtersKey} <> ${key} AND ${alertSubscriptions.status} = 'pending')`.mapWith(
          Number,
        ),
      pendingInDomain:
        sql<number>`count(*) FILTER (WHERE ${alertSubscriptions.status} = 'pending' AND ${alertSubscriptions.updatedAt} > now() - interval '1 day')`.mapWith(
          Number,
        ),
      mailedRecently: sql<boolean>`bool_or(${alertSubscriptions.email} = ${email} AND ${alertSubscriptions.status} = 'pending' AND EXISTS (
        SELECT 1 FROM ${alertTokens} WHERE ${alertTokens.subscriptionId} = ${alertSubscriptions.id}
          AND ${alertTokens.purpose} = 'confirm'
          AND ${alertTokens.createdAt} > now() - ${ALERT_CONFIRMATION_EVERY_HOURS} * interval '1 hour'))`,
    })
    .from(alertSubscriptions)
    .where(
      // Pending rows of the domain (few: unconfirmed ones go after a week), and this address's row for
      // these filters.
      sql`(${alertSubscriptions.status} = 'pending' AND ${alertSubscriptions.email} LIKE ${`%@${domain.replace(/[\\%_]/g, '\\$&')}`})
        OR (${alertSubscriptions.email} = ${email} AND ${alertSubscriptions.filtersKey} = ${key})`,
    );
  if (!row || row.confirmed) return true;
  if (row.mailedRecently) return false;
  if (row.pendingHere >= ALERT_PENDING_PER_EMAIL) {
    throw new RefusedError(
      429,
      `Cette adresse a déjà ${ALERT_PENDING_PER_EMAIL} alertes en attente de confirmation : confirmez-les d’abord`,
      ALERT_REFUSED.pendingForAddress,
    );
  }
  if (row.pendingInDomain >= ALERT_PENDING_PER_DOMAIN_PER_DAY) {
    throw new RefusedError(
      429,
      'Trop d’alertes en attente de confirmation pour ce domaine de messagerie aujourd’hui : réessayez demain',
      ALERT_REFUSED.pendingForDomain,
    );
  }
  return true;
}

/** The subscription a live token of `purpose` names, or null. */
async function byToken(tx: Db, token: string, purpose: 'confirm' | 'unsubscribe') {
  const [row] = await tx
    .select({ id: alertTokens.subscriptionId })
    .from(alertTokens)
    .where(
      and(
        eq(alertTokens.hash, hashToken(token)),
        eq(alertTokens.purpose, purpose),
        sql`(${alertTokens.expiresAt} IS NULL OR ${alertTokens.expiresAt} > now())`,
      ),
    );
  return row?.id ?? null;
}

/** A visitor's side: signing up, then the links of the mails (confirm, unsubscribe). */
function visitorQueries(database: Database) {
  return {
    /**
     * Saves a sign-up: a new row, or the same address's row for the same filters (never a second one).
     * Answers the tokens of the confirmation mail to send, or null when the row is confirmed already or the
     * address was sent a confirmation in the last day: then nothing changes and nothing is sent (the
     * visitor's answer is the same either way).
     */
    async subscribe(input: AlertInput): Promise<{ id: number; confirm: string; unsubscribe: string } | null> {
      return database.transaction(async (tx) => {
        if (!(await withinLimits(tx, input.email, filtersKey(input.filters)))) return null;
        const [row] = await tx
          .insert(alertSubscriptions)
          .values({
            email: input.email,
            phone: input.phone ?? null,
            lang: input.lang,
            filters: input.filters,
            filtersKey: filtersKey(input.filters),
          })
          .onConflictDoUpdate({
            target: [alertSubscriptions.email, alertSubscriptions.filtersKey],
            // A confirmed row is left as it is: whoever types an address cannot change what its owner set.
            set: {
              phone: sql`CASE WHEN ${alertSubscriptions.status} = 'confirmed' THEN ${alertSubscriptions.phone} ELSE excluded.phone END`,
              lang: sql`CASE WHEN ${alertSubscriptions.status} = 'confirmed' THEN ${alertSubscriptions.lang} ELSE excluded.lang END`,
              confirmedAt: sql`CASE WHEN ${alertSubscriptions.status} = 'confirmed' THEN ${alertSubscriptions.confirmedAt} END`,
              unsubscribedAt: sql`NULL`,
              lastSentAt: sql`CASE WHEN ${alertSubscriptions.status} = 'confirmed' THEN ${alertSubscriptions.lastSentAt} END`,
              status: sql`CASE WHEN ${alertSubscriptions.status} = 'confirmed' THEN 'confirmed'::alert_status ELSE 'pending'::alert_status END`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ id: alertSubscriptions.id, status: alertSubscriptions.status });
        if (!row || row.status === 'confirmed') return null;
        // One confirmation link at a time: the newest mail's.
        await tx
          .delete(alertTokens)
          .where(and(eq(alertTokens.subscriptionId, row.id), eq(alertTokens.purpose, 'confirm')));
        const confirm = await addToken(tx, row.id, 'confirm');
        const unsubscribe = await addToken(tx, row.id, 'unsubscribe');
        return { id: row.id, confirm, unsubscribe };
      });
    },

    /** Confirms the subscription of a live confirmation token; answers its status, or null (no such link). */
    async confirm(token: string): Promise<AlertStatus | null> {
      return database.transaction(async (tx) => {
        const id = await byToken(tx, token, 'confirm');
        if (id === null) return null;
        const [row] = await tx
          .update(alertSubscriptions)
          .set({
            status: sql`CASE WHEN ${alertSubscriptions.status} = 'pending' THEN 'confirmed'::alert_status ELSE ${alertSubscriptions.status} END`,
            confirmedAt: sql`COALESCE(${alertSubscriptions.confirmedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(eq(alertSubscriptions.id, id))
          .returning({ status: alertSubscriptions.status });
        return row?.status ?? null;
      });
    },

    /** Stops the mails of the subscription of an unsubscribe token; null when no such link. */
    async unsubscribe(token: string): Promise<AlertStatus | null> {
      return database.transaction(async (tx) => {
        const id = await byToken(tx, token, 'unsubscribe');
        if (id === null) return null;
        const [row] = await tx
          .update(alertSubscriptions)
          .set({
            status: 'unsubscribed',
            unsubscribedAt: sql`COALESCE(${alertSubscriptions.unsubscribedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(eq(alertSubscriptions.id, id))
          .returning({ status: alertSubscriptions.status });
        // A confirmation link pressed afterwards answers 'unsubscribed' and confirms nothing.
        return row?.status ?? null;
      });
    },
  };
}

/** Staff's side: the list of sign-ups with their counts per status, and erasure. */
function staffQueries({ db }: Database, audit: AuditRepository) {
  return {
    async list(q: AlertListQuery) {
      const where = q.status ? eq(alertSubscriptions.status, q.status) : undefined;
      const [page, perStatus] = await Promise.all([
        newestFirst(
          db,
          q,
          { table: alertSubscriptions, newest: alertSubscriptions.createdAt, where },
          toAlert,
        ),
        db
          .select({ status: alertSubscriptions.status, n: count() })
          .from(alertSubscriptions)
          .groupBy(alertSubscriptions.status),
      ]);
      const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
      for (const { status, n } of perStatus) counts[status] = n;
      return { ...page, counts };
    },

    remove(id: number, actor: Actor): Promise<boolean> {
      return audit.remove(actor, 'alert', alertSubscriptions, id, (r) => r.email);
    },
  };
}

export function alertsRepository(database: Database, audit: AuditRepository) {
  return {
    ...visitorQueries(database),
    ...staffQueries(database, audit),
    // The digest (src/server/services/alerts.ts): its queries live in alert-digest.ts.
    ...alertDigestQueries(database),
  };
}

export type AlertsRepository = ReturnType<typeof alertsRepository>;

/** Retention (src/server/services/retention.ts): sign-ups left unconfirmed (counted from the last sign-up)
 *  and unsubscribed rows, once old. */
export async function purgeAlerts(tx: Db): Promise<number> {
  const rows = await tx
    .delete(alertSubscriptions)
    .where(
      sql`(${alertSubscriptions.status} = 'pending' AND ${alertSubscriptions.updatedAt} < now() - ${ALERT_PENDING_DAYS} * interval '1 day')
        OR (${alertSubscriptions.status} = 'unsubscribed' AND ${alertSubscriptions.unsubscribedAt} < now() - ${ALERT_UNSUBSCRIBED_DAYS} * interval '1 day')`,
    )
    .returning({ id: alertSubscriptions.id });
  return rows.length;
}
