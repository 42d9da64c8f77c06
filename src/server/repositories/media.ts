import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media, properties, settings, teamMembers } from '../../db/schema.ts';
import type { MediaItem } from '../../contract/index.ts';
import type { Actor, AuditRepository } from './audit.ts';
import { RefusedError } from './errors.ts';

export type MediaRow = typeof media.$inferInsert;

/** How many users of a file the refusal names before "et N autre(s)". */
const NAMED = 3;

/** How a settings key that still shows a file is named in the refusal (the agency's: its logo). */
const settingName = (key: string) => (key === 'agency' ? 'le logo de l’agence' : `le paramètre « ${key} »`);

/** "l’annonce « Villa » et le membre de l’équipe « Ada »": what still uses a file, for the 409. */
function usersOf(listings: string[], members: string[], settingKeys: string[]): string {
  const names = [
    ...settingKeys.map(settingName),
    ...listings.map((title) => `l’annonce « ${title} »`),
    ...members.map((name) => `le membre de l’équipe « ${name} »`),
  ];
  const shown = names.slice(0, NAMED);
  const more = names.length - shown.length;
  if (more > 0) shown.push(`${more} autre${more > 1 ? 's' : ''}`);
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} et ${shown.at(-1)!}` : shown[0]!;
}

export function mediaRepository(database: Database, audit: AuditRepository) {
  const { db } = database;
  return {
    async insert(row: MediaRow): Promise<void> {
      await db.insert(media).values(row);
    },

    /** The item a medium was answered as when uploaded, or null when the id is unknown. */
    async item(id: string): Promise<MediaItem | null> {
      const [row] = await db.select({ item: media.item }).from(media).where(eq(media.id, id));
      return row?.item ?? null;
    },

    /**
     * Deletes the record with its audit row and returns the names of its files, or null when the id is
     * unknown. Refused (409) while a listing, a team member or a setting (the agency's logo, which every page
     * shows) still shows one of its files: every file of an item is named after its id, so a reference is any
     * `/media/<id>…` address in their fields.
     */
    async remove(id: string, actor: Actor): Promise<string[] | null> {
      // The id is 32 hex digits (MediaId): nothing in it is a LIKE metacharacter.
      const address = `%/media/${id}%`;
      return audit.change(actor, async (tx) => {
        const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
        if (!row) return [null, null];
        const listings = await tx
          .select({ title: properties.title })
          .from(properties)
          .where(
            or(
              sql`${properties.media}::text LIKE ${address}`,
              sql`${properties.media} @> ${JSON.stringify([{ id }])}::jsonb`,
            ),
          )
          .orderBy(properties.id);
        const members = await tx
          .select({ name: teamMembers.name })
          .from(teamMembers)
          .where(sql`${teamMembers.photo} LIKE ${address}`)
          .orderBy(teamMembers.id);
        const inSettings = await tx
          .select({ key: settings.key })
          .from(settings)
          .where(sql`${settings.value}::text LIKE ${address}`)
          .orderBy(settings.key);
        if (listings.length + members.length + inSettings.length > 0) {
          const users = usersOf(
            listings.map((l) => l.title),
            members.map((m) => m.name),
            inSettings.map((s) => s.key),
          );
          throw new RefusedError(409, `Ce fichier est encore utilisé par ${users} : retirez-le d’abord.`);
        }
        await tx.delete(media).where(eq(media.id, id));
        const label = row.item.title ?? row.item.url;
        return [row.files, { action: 'delete', entity: 'media', entityId: null, label, detail: row.type }];
      });
    },
  };
}
