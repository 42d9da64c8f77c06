import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type {
  Property,
  PropertyInput,
  PropertyListQuery,
  PropertyStatus,
  PropertyVerification,
} from '../../contract/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { accounts, properties, teamMembers } from '../../db/schema.ts';
import { changedFields, editRow, statusChange, type Actor, type AuditRepository } from './audit.ts';
import { withReferenceCheck } from './errors.ts';
import { iso, isoOrNull } from './mapping.ts';
import { pageOf } from './paging.ts';
import { listFilters } from './property-filters.ts';
import { usdPriceSql, type DefaultRates } from './rates.ts';

const columns = {
  property: properties,
  agent: {
    id: teamMembers.id,
    name: teamMembers.name,
    role: teamMembers.role,
    phone: teamMembers.phone,
    email: teamMembers.email,
    photo: teamMembers.photo,
  },
};

type Row = { property: typeof properties.$inferSelect; agent: Property['agent'] };

/**
 * A listing's manager as the API and the pages show it: an active member only. A deactivated agent stays
 * the listing's manager (managerId, for staff to reassign) but no longer its public contact: the agency
 * stands in, as for a listing without an agent. Joined the same way for a listing's version,
 * so deactivating or reactivating its manager changes the version and the next publish renders its pages.
 */
const shownManager = and(eq(teamMembers.id, properties.managerId), eq(teamMembers.isActive, true));

/** Every column of a listing and of its manager, but the view counts: what a listing's version covers. */
const VERSIONED = sql.join(
  [
    ...Object.entries(getTableColumns(properties))
      .filter(([name]) => name !== 'viewCount' && name !== 'lastViewedAt')
      .map(([, column]) => column),
    ...Object.values(getTableColumns(teamMembers)),
  ],
  sql`, `,
);

function toProperty({ property: p, agent }: Row): Property {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    titleEn: p.titleEn,
    descriptionEn: p.descriptionEn,
    titleLn: p.titleLn,
    descriptionLn: p.descriptionLn,
    price: p.price,
    currency: p.currency,
    type: p.type,
    category: p.category,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    area: p.area,
    address: p.address,
    state: p.state as Property['state'],
    lat: p.lat,
    long: p.long,
    features: p.features,
    amenities: p.amenities,
    availableFrom: p.availableFrom,
    verifiedAt: isoOrNull(p.verifiedAt),
    media: p.media,
    managerId: p.managerId,
    agent: agent?.id ? agent : null,
    status: p.status,
    featured: p.featured,
    advanceMonths: p.advanceMonths,
    depositMonths: p.depositMonths,
    commissionMonths: p.commissionMonths,
    viewCount: p.viewCount,
    lastViewedAt: isoOrNull(p.lastViewedAt),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

/** A PUT replaces the listing: an availability date left out is cleared, not kept. */
const stored = (input: PropertyInput) => ({
  ...input,
  availableFrom: input.availableFrom ?? null,
  // Likewise a translation left out (or emptied) is removed.
  titleEn: input.titleEn ?? null,
  descriptionEn: input.descriptionEn ?? null,
  titleLn: input.titleLn ?? null,
  descriptionLn: input.descriptionLn ?? null,
  // And move-in terms: a rental made a sale without them must not keep its old ones (a sale carries none).
  advanceMonths: input.advanceMonths ?? null,
  depositMonths: input.depositMonths ?? null,
  commissionMonths: input.commissionMonths ?? null,
});

const unknownAgent = "L'agent choisi n'existe pas";

/** A deal is dated by its last status change: keep the date when the status stays the same. */
const statusChangedAt = (status: PropertyStatus) =>
  sql`CASE WHEN ${properties.status} = ${status}::property_status THEN ${properties.statusChangedAt} ELSE now() END`;

/** The orders a list can take, prices compared in USD so that sorting by price is meaningful across currencies. */
function ordersBy(rates: DefaultRates) {
  const usdPrice = usdPriceSql(rates);
  return {
    newest: [desc(properties.createdAt), desc(properties.id)],
    price_asc: [asc(usdPrice), asc(properties.id)],
    price_desc: [desc(usdPrice), desc(properties.id)],
    views: [desc(properties.viewCount), desc(properties.id)],
    recently_viewed: [sql`${properties.lastViewedAt} DESC NULLS LAST`, desc(properties.id)],
  } as const;
}

/** `handle` is the transaction when read inside one (PGlite would wait forever on `db` meanwhile). */
async function get(handle: Db, id: number): Promise<Property | null> {
  const [row] = await handle
    .select(columns)
    .from(properties)
    .leftJoin(teamMembers, shownManager)
    .where(eq(properties.id, id));
  return row ? toProperty(row) : null;
}

/** Reading listings: one, their count, their versions, a page of them. */
function readQueries({ db }: Database, rates: DefaultRates) {
  const order = ordersBy(rates);
  return {
    get: (id: number, handle: Db = db) => get(handle, id),

    async count(): Promise<number> {
      return db.$count(properties);
    },

    /**
     * Each listing's version, newest first: a digest of its row and its manager's computed by the database,
     * so no write can change a listing without changing it; view counts are left out (a visit changes no
     * page). The site renderer reads only the listings whose version changed.
     */
    async versions(): Promise<[number, string][]> {
      const rows = await db
        .select({ id: properties.id, version: sql<string>`md5(row(${VERSIONED})::text)` })
        .from(properties)
        .leftJoin(teamMembers, shownManager)
        .orderBy(...order.newest);
      return rows.map((r) => [r.id, r.version]);
    },

    async list(q: PropertyListQuery) {
      const where = listFilters(q);
      return pageOf(
        db,
        q,
        { table: properties, where },
        // The page's ids first, from the narrow columns the order needs, then those rows whole: sorting
        // whole rows (about 2 KB each) to skip thousands spilled to disk (at 10,000 listings a deep page
        // took 200 ms on PGlite, 26 ms this way), and a site build reads every page.
        (window) =>
          db
            .select(columns)
            .from(properties)
            .leftJoin(teamMembers, shownManager)
            .where(
              inArray(
                properties.id,
                db
                  .select({ id: properties.id })
                  .from(properties)
                  .where(where)
                  .orderBy(...order[q.sort])
                  .limit(window.limit)
                  .offset(window.offset),
              ),
            )
            .orderBy(...order[q.sort]),
        toProperty,
      );
    },
  };
}

/** Staff edits of a listing, each audited. */
function editQueries(audit: AuditRepository) {
  return {
    async create(input: PropertyInput, actor: Actor): Promise<Property> {
      return withReferenceCheck(unknownAgent, () =>
        audit.change(actor, async (tx) => {
          const [created] = await tx
            .insert(properties)
            .values(stored(input))
            .returning({ id: properties.id });
          const property = (await get(tx, created!.id))!;
          return [
            property,
            { action: 'create', entity: 'property', entityId: property.id, label: input.title },
          ];
        }),
      );
    },

    /** The audit detail lists the fields that changed. */
    async update(id: number, input: PropertyInput, actor: Actor): Promise<Property | null> {
      return withReferenceCheck(unknownAgent, () =>
        audit.change(actor, async (tx) => {
          const before = await editRow(tx, properties, id, {
            ...stored(input),
            statusChangedAt: statusChangedAt(input.status),
          });
          if (!before) return [null, null];
          const detail = changedFields(before, input).join(', ') || null;
          return [
            await get(tx, id),
            { action: 'update', entity: 'property', entityId: id, label: input.title, detail },
          ];
        }),
      );
    },

    async setStatus(id: number, status: PropertyStatus, actor: Actor): Promise<Property | null> {
      return audit.change(actor, async (tx) => {
        const [row, fact] = await statusChange(tx, 'property', properties, id, status, (p) => p.title, {
          statusChangedAt: statusChangedAt(status),
        });
        return row ? [await get(tx, id), fact] : [null, null];
      });
    },

    remove(id: number, actor: Actor): Promise<boolean> {
      return audit.remove(actor, 'property', properties, id, (row) => row.title);
    },
  };
}

/** Staff's check of a listing on site, and who made the last one. */
function verificationQueries({ db }: Database, audit: AuditRepository) {
  return {
    /**
     * Staff checked the listing on site: stamps now and the account. Not an edit of the listing (its demo
     * mark and updatedAt stay: the demo's own checks keep it removable); the audit row says who and when.
     */
    async verify(id: number, actor: Actor): Promise<PropertyVerification | null> {
      return audit.change(actor, async (tx) => {
        const [row] = await tx
          .update(properties)
          .set({ verifiedAt: sql`now()`, verifiedBy: actor.id })
          .where(eq(properties.id, id))
          .returning({ title: properties.title, verifiedAt: properties.verifiedAt });
        if (!row) return [null, null];
        return [
          { id, verifiedAt: isoOrNull(row.verifiedAt), verifiedBy: actor.name },
          { action: 'verify', entity: 'property', entityId: id, label: row.title },
        ];
      });
    },

    async verification(id: number): Promise<PropertyVerification | null> {
      const [row] = await db
        .select({ verifiedAt: properties.verifiedAt, name: accounts.name })
        .from(properties)
        .leftJoin(accounts, eq(accounts.id, properties.verifiedBy))
        .where(eq(properties.id, id));
      return row ? { id, verifiedAt: isoOrNull(row.verifiedAt), verifiedBy: row.name } : null;
    },
  };
}

export function propertiesRepository(database: Database, rates: DefaultRates, audit: AuditRepository) {
  return {
    ...readQueries(database, rates),
    ...editQueries(audit),
    ...verificationQueries(database, audit),
  };
}
