import { count, desc, eq } from 'drizzle-orm';
import {
  propertyIdFromUrl,
  type VisitListQuery,
  type VisitRequest,
  type VisitRequestInput,
} from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { properties, visitRequests } from '../../db/schema.ts';
import { iso } from './errors.ts';

function toVisit(v: typeof visitRequests.$inferSelect): VisitRequest {
  return {
    id: v.id,
    name: v.name,
    visitDate: v.visitDate,
    telephone: v.telephone,
    email: v.email,
    url: v.url,
    propertyId: v.propertyId,
    status: v.status,
    createdAt: iso(v.createdAt),
  };
}

export function visitsRepository({ db }: Database) {
  return {
    /** Links the request to the listing its page shows, when that listing still exists. */
    async create(input: VisitRequestInput): Promise<VisitRequest> {
      const fromUrl = propertyIdFromUrl(input.url);
      const [known] = fromUrl
        ? await db.select({ id: properties.id }).from(properties).where(eq(properties.id, fromUrl))
        : [];
      const [row] = await db
        .insert(visitRequests)
        .values({
          name: input.name,
          visitDate: input.visitDate,
          telephone: input.telephone,
          email: input.email ?? null,
          url: input.url ?? null,
          propertyId: known?.id ?? null,
        })
        .returning();
      return toVisit(row!);
    },

    async list(q: VisitListQuery) {
      const condition = q.status ? eq(visitRequests.status, q.status) : undefined;
      const rows = await db
        .select()
        .from(visitRequests)
        .where(condition)
        .orderBy(desc(visitRequests.createdAt), desc(visitRequests.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db.select({ n: count() }).from(visitRequests).where(condition);
      return { data: rows.map(toVisit), total: total?.n ?? 0, page: q.page, limit: q.limit };
    },
  };
}

export type VisitsRepository = ReturnType<typeof visitsRepository>;
