import { eq } from 'drizzle-orm';
import {
  propertyIdFromUrl,
  type VisitListQuery,
  type VisitRequest,
  type VisitRequestInput,
  type VisitStatus,
} from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { properties, visitRequests } from '../../db/schema.ts';
import { statusChange, type Actor, type AuditRepository } from './audit.ts';
import { iso } from './mapping.ts';
import { newestFirst } from './paging.ts';

/** How a visit request is named in the audit log. */
const labelOf = (v: { name: string; visitDate: string }) => `${v.name}, ${v.visitDate}`;

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

export function visitsRepository({ db }: Database, audit: AuditRepository) {
  return {
    /** Links the request to the listing its page shows, when that listing still exists. */
    async create(input: VisitRequestInput): Promise<VisitRequest> {
      const fromUrl = propertyIdFromUrl(input.url);
      const [known] = fromUrl
        ? await db
            .select({ id: properties.id, managerId: properties.managerId })
            .from(properties)
            .where(eq(properties.id, fromUrl))
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
          // The inbox's agent in charge: the listing's.
          assigneeId: known?.managerId ?? null,
        })
        .returning();
      return toVisit(row!);
    },

    async list(q: VisitListQuery) {
      const where = q.status ? eq(visitRequests.status, q.status) : undefined;
      return newestFirst(db, q, { table: visitRequests, newest: visitRequests.createdAt, where }, toVisit);
    },

    async setStatus(id: number, status: VisitStatus, actor: Actor): Promise<VisitRequest | null> {
      const row = await audit.change(actor, (tx) =>
        statusChange(tx, 'visit', visitRequests, id, status, labelOf),
      );
      return row && toVisit(row);
    },

    /** Erasure on request (privacy page): the row goes, its audit row names it; false when unknown. */
    remove(id: number, actor: Actor): Promise<boolean> {
      return audit.remove(actor, 'visit', visitRequests, id, labelOf);
    },
  };
}
