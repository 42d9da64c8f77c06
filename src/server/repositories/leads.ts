// What the listings bring (decision 0048): views and taps counted once per visitor, listing, channel
// and day.
import { eq, lt, sql } from 'drizzle-orm';
import type { LeadChannel } from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { leadCounts, leadVisitors, properties } from '../../db/schema.ts';
import type { VisitorIdentity } from '../services/visitor.ts';
import { rowsOf } from './dump.ts';
import { AGENCY, leadStatsQueries } from './lead-stats.ts';

export { AGENCY };

/**
 * At most this many browsers of one address (/64) count for a listing and channel a day. Enough for a family
 * or an office behind one address (mobile networks put many subscribers behind few), and a script that
 * changes its User-Agent at each request still counts three times, not sixty a minute.
 */
export const BROWSERS_PER_ADDRESS = 3;

/**
 * Counts `channel` for listing `propertyId` once per visitor that day, in the caller's transaction: true when
 * this one counted. One statement, so two instances counting the same visitor at once count it once.
 */
async function countOnce(
  tx: Db,
  propertyId: number,
  channel: LeadChannel,
  who: VisitorIdentity,
): Promise<boolean> {
  const result = await tx.execute(sql`
    WITH seen AS (
      INSERT INTO ${leadVisitors} (day, property_id, channel, visitor, address)
      SELECT ${who.day}::date, ${propertyId}::int, ${channel}::lead_channel, ${who.visitor}, ${who.address}
      WHERE (SELECT count(*) FROM ${leadVisitors}
             WHERE day = ${who.day}::date AND property_id = ${propertyId}::int
               AND channel = ${channel}::lead_channel AND address = ${who.address}) < ${BROWSERS_PER_ADDRESS}
      ON CONFLICT DO NOTHING
      RETURNING day
    )
    INSERT INTO ${leadCounts} (day, property_id, channel, count)
    SELECT day, ${propertyId}::int, ${channel}::lead_channel, 1 FROM seen
    ON CONFLICT (day, property_id, channel) DO UPDATE SET count = ${leadCounts.count} + 1
    RETURNING count`);
  return rowsOf(result).length > 0;
}

export function leadsRepository(database: Database) {
  return {
    ...leadStatsQueries(database),

    /**
     * A listing's page view: counted once a day per visitor, and then only in its view count. Answers the
     * listing's view count, or null when there is no such listing.
     */
    viewed(id: number, who: VisitorIdentity): Promise<number | null> {
      return database.transaction(async (tx) => {
        const [listing] = await tx
          .select({ viewCount: properties.viewCount })
          .from(properties)
          .where(eq(properties.id, id));
        if (!listing) return null;
        if (!(await countOnce(tx, id, 'view', who))) return listing.viewCount;
        const [row] = await tx
          .update(properties)
          .set({ viewCount: sql`${properties.viewCount} + 1`, lastViewedAt: sql`now()` })
          .where(eq(properties.id, id))
          .returning({ viewCount: properties.viewCount });
        return row!.viewCount;
      });
    },

    /** A tap on WhatsApp or a telephone number, for a listing or the agency (AGENCY); false if no such listing. */
    tapped(propertyId: number, channel: Exclude<LeadChannel, 'view'>, who: VisitorIdentity) {
      return database.transaction(async (tx) => {
        if (propertyId !== AGENCY) {
          const [listing] = await tx
            .select({ id: properties.id })
            .from(properties)
            .where(eq(properties.id, propertyId));
          if (!listing) return false;
        }
        await countOnce(tx, propertyId, channel, who);
        return true;
      });
    },
  };
}

/** The retention job's purge: the visitor hashes of finished days (their salt is gone; counts stay). */
export const purgeLeadVisitors = async (tx: Db, today: string) =>
  (await tx.delete(leadVisitors).where(lt(leadVisitors.day, today)).returning({ day: leadVisitors.day }))
    .length;

export type LeadsRepository = ReturnType<typeof leadsRepository>;
