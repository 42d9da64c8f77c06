import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema.ts';

export type MediaRow = typeof media.$inferInsert;

export function mediaRepository({ db }: Database) {
  return {
    async insert(row: MediaRow): Promise<void> {
      await db.insert(media).values(row);
    },

    /** Deletes the record and returns the names of its files, or null when the id is unknown. */
    async remove(id: string): Promise<string[] | null> {
      const [row] = await db.delete(media).where(eq(media.id, id)).returning({ files: media.files });
      return row?.files ?? null;
    },
  };
}
