// The alert digest's queries (src/server/services/alerts.ts): who gets a mail, which new listings, and which
// listing each subscriber was mailed. Part of alertsRepository.
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Alert } from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { alertDeliveries, alertSubscriptions, alertTokens, properties } from '../../db/schema.ts';
import { ALERT_CONFIRM_HOURS } from '../../shared/alerts.ts';
import type { CatalogueFilters, FilterableListing } from '../../shared/catalogue-filter.ts';
import { hashToken, newToken } from '../services/tokens.ts';

/** A confirmed subscriber the digest considers, with the start of its window. */
export interface Subscriber {
  id: number;
  email: string;
  lang: Alert['lang'];
  filters: CatalogueFilters;
  since: Date;
}

/** What a digest needs of a listing: the catalogue predicate's fields (its amenities as a list), then the mail's. */
export type NewListing = Pick<
  typeof properties.$inferSelect,
  Exclude<keyof FilterableListing, 'amenityMask'> | 'id' | 'amenities' | 'status' | 'createdAt'
> & { picture: string | null };

/** What a digest reads of a listing: a NewListing's columns, its media for the picture. */
const listingColumns = {
  id: properties.id,
  title: properties.title,
  address: properties.address,
  type: properties.type,
  category: properties.category,
  state: properties.state,
  price: properties.price,
  currency: properties.currency,
  area: properties.area,
  amenities: properties.amenities,
  status: properties.status,
  media: properties.media,
  createdAt: properties.createdAt,
};

/** A subscription's window starts after its last mail, or its confirmation for the first. */
const windowSince = sql`COALESCE(${alertSubscriptions.lastSentAt}, ${alertSubscriptions.confirmedAt}, ${alertSubscriptions.createdAt})`;

export async function addToken(tx: Db, subscriptionId: number, purpose: 'confirm' | 'unsubscribe') {
  const token = newToken();
  await tx.insert(alertTokens).values({
    hash: hashToken(token),
    subscriptionId,
    purpose,
    expiresAt: purpose === 'confirm' ? sql`now() + ${ALERT_CONFIRM_HOURS} * interval '1 hour'` : undefined,
  });
  return token;
}

export function alertDigestQueries(database: Database) {
  const { db } = database;
  return {
    /**
     * Where the oldest confirmed subscription's window starts (null: none), computed by the database: the
     * digest reads the listings from there once, then its subscribers in batches.
     */
    async windowStart(): Promise<Date | null> {
      const [row] = await db
        .select({ start: sql<Date | null>`MIN(${windowSince})`.mapWith(alertSubscriptions.createdAt) })
        .from(alertSubscriptions)
        .where(eq(alertSubscriptions.status, 'confirmed'));
      return row?.start ?? null;
    },

    /** Up to `limit` confirmed subscriptions after the id `after`, in id order, each with its window's start. */
    async subscribers(after: number, limit: number): Promise<Subscriber[]> {
      const rows = await db
        .select({
          id: alertSubscriptions.id,
          email: alertSubscriptions.email,
          lang: alertSubscriptions.lang,
          filters: alertSubscriptions.filters,
          since: sql<Date>`${windowSince}`.mapWith(alertSubscriptions.createdAt),
        })
        .from(alertSubscriptions)
        .where(and(eq(alertSubscriptions.status, 'confirmed'), gt(alertSubscriptions.id, after)))
        .orderBy(asc(alertSubscriptions.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, lang: r.lang as Alert['lang'] }));
    },

    /** Listings created after `since` and up to `until` (whatever their status: the caller decides). */
    async listingsCreated(since: Date, until: Date): Promise<NewListing[]> {
      const rows = await db
        .select(listingColumns)
        .from(properties)
        .where(and(gt(properties.createdAt, since), lte(properties.createdAt, until)))
        .orderBy(desc(properties.createdAt), desc(properties.id));
      return rows.map(({ media, ...r }) => {
        const image = media.find((m) => m.type === 'image');
        return { ...r, picture: image ? (image.variants?.[0]?.url ?? image.thumbnail ?? image.url) : null };
      });
    },

    /**
     * Claims listings for one subscriber's mail: answers those never claimed before (a listing is mailed once
     * to a subscriber, whichever instance runs the digest). `release` gives them back after a failed send.
     */
    async claim(subscriptionId: number, propertyIds: number[]): Promise<number[]> {
      if (propertyIds.length === 0) return [];
      const rows = await db
        .insert(alertDeliveries)
        .values(propertyIds.map((propertyId) => ({ subscriptionId, propertyId })))
        .onConflictDoNothing()
        .returning({ id: alertDeliveries.propertyId });
      return rows.map((r) => r.id);
    },

    async release(subscriptionId: number, propertyIds: number[]): Promise<void> {
      if (propertyIds.length === 0) return;
      await db
        .delete(alertDeliveries)
        .where(
          and(
            eq(alertDeliveries.subscriptionId, subscriptionId),
            inArray(alertDeliveries.propertyId, propertyIds),
          ),
        );
    },

    /** A new unsubscribe link for a mail about to go. */
    unsubscribeToken(subscriptionId: number): Promise<string> {
      return addToken(db, subscriptionId, 'unsubscribe');
    },

    /** The mail went: its window ends at `until`. */
    async sent(subscriptionId: number, until: Date): Promise<void> {
      await db
        .update(alertSubscriptions)
        .set({ lastSentAt: until })
        .where(eq(alertSubscriptions.id, subscriptionId));
    },
  };
}
