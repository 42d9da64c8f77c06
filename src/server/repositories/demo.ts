import { and, eq, sql } from 'drizzle-orm';
import type { DemoClearResult, DemoCounts } from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { media, messages, pageViews, properties, teamMembers, visitRequests } from '../../db/schema.ts';
import type { Actor, AuditRepository } from './audit.ts';
import { deletePageViews } from './stats.ts';
import { demoSummary } from '../../shared/demo-summary.ts';

/** A media row still shown by a listing or a team member that stays (their files are named after its id). */
const mediaInUse = sql`(
  EXISTS (SELECT 1 FROM properties p WHERE p.media::text LIKE '%/media/' || "media"."id" || '%')
  OR EXISTS (SELECT 1 FROM team_members t WHERE t.photo LIKE '/media/' || "media"."id" || '%'))`;
const memberInUse = sql`EXISTS (SELECT 1 FROM properties p WHERE p.manager_id = "team_members"."id")`;

/** The demo rows of the seed: how many remain, and removing them all at once before going live. */
export function demoRepository(database: Database, audit: AuditRepository) {
  const { db } = database;
  return {
    async remaining(): Promise<DemoCounts> {
      const demoCount = (table: string) => sql.raw(`(SELECT count(*)::int FROM ${table} WHERE demo)`);
      const [row] = await db
        .select({
          properties: sql<number>`${demoCount('properties')}`,
          team: sql<number>`${demoCount('team_members')}`,
          messages: sql<number>`${demoCount('messages')}`,
          visitRequests: sql<number>`${demoCount('visit_requests')}`,
          pageViews: sql<number>`${demoCount('page_views')}`,
          media: sql<number>`${demoCount('media')}`,
        })
        .from(sql`(SELECT 1) AS one`);
      return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as DemoCounts;
    },

    /**
     * Deletes every row still marked demo in one transaction with its audit row, and answers the names of
     * the media files that no remaining row uses. Rows staff created or edited are not marked and stay; a demo
     * team member or photo still used by one of them stays too, as the agency's own.
     */
    async clear(actor: Actor): Promise<DemoClearResult & { files: string[] }> {
      return audit.change(actor, async (tx) => {
        const ids = async (rows: Promise<{ id: unknown }[]>) => (await rows).length;
        const visitRequestsDeleted = await ids(
          tx.delete(visitRequests).where(eq(visitRequests.demo, true)).returning({ id: visitRequests.id }),
        );
        const messagesDeleted = await ids(
          tx.delete(messages).where(eq(messages.demo, true)).returning({ id: messages.id }),
        );
        const pageViewsDeleted = await deletePageViews(tx, eq(pageViews.demo, true));
        const propertiesDeleted = await ids(
          tx.delete(properties).where(eq(properties.demo, true)).returning({ id: properties.id }),
        );
        const keptTeam = await tx
          .update(teamMembers)
          .set({ demo: false })
          .where(and(eq(teamMembers.demo, true), memberInUse))
          .returning({ id: teamMembers.id });
        const teamDeleted = await ids(
          tx.delete(teamMembers).where(eq(teamMembers.demo, true)).returning({ id: teamMembers.id }),
        );
        const keptMedia = await tx
          .update(media)
          .set({ demo: false })
          .where(and(eq(media.demo, true), mediaInUse))
          .returning({ id: media.id });
        const gone = await tx.delete(media).where(eq(media.demo, true)).returning({ files: media.files });
        const deleted: DemoCounts = {
          properties: propertiesDeleted,
          team: teamDeleted,
          messages: messagesDeleted,
          visitRequests: visitRequestsDeleted,
          pageViews: pageViewsDeleted,
          media: gone.length,
        };
        // Each media row has files of its own (named after its id): none is listed by a row that stays.
        const files = gone.flatMap((row) => row.files);
        const result = {
          deleted,
          kept: { team: keptTeam.length, media: keptMedia.length },
          files,
        };
        // Nothing was left to remove: no change, so no audit row (and nothing to publish).
        const changed = Object.values(deleted).some((n) => n > 0) || keptTeam.length + keptMedia.length > 0;
        return [
          result,
          changed
            ? {
                action: 'delete',
                entity: 'demo',
                entityId: null,
                label: 'Données de démonstration',
                detail: demoSummary(deleted, { media: true }),
              }
            : null,
        ];
      });
    },
  };
}

export type DemoRepository = ReturnType<typeof demoRepository>;
