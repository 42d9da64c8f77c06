import { and, eq, gte, ilike, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { VERIFICATION_DAYS, type PropertyListQuery } from '../../contract/index.ts';
import { properties } from '../../db/schema.ts';
import { likePattern } from './mapping.ts';

/**
 * The condition of a list of listings: every filter of the query that is set (the catalogue's and the
 * admin's), all of them together; undefined when none is.
 */
export function listFilters(q: PropertyListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.q) {
    const pattern = likePattern(q.q);
    where.push(
      or(
        ilike(properties.title, pattern),
        ilike(properties.address, pattern),
        ilike(properties.state, pattern),
      ),
    );
  }
  if (q.type) where.push(eq(properties.type, q.type));
  if (q.category) where.push(eq(properties.category, q.category));
  if (q.state) where.push(eq(properties.state, q.state));
  if (q.status) where.push(eq(properties.status, q.status));
  if (q.featured !== undefined) where.push(eq(properties.featured, q.featured));
  if (q.managerId !== undefined) where.push(eq(properties.managerId, q.managerId));
  if (q.minPrice !== undefined) where.push(gte(properties.price, q.minPrice));
  if (q.maxPrice !== undefined) where.push(lte(properties.price, q.maxPrice));
  if (q.minArea !== undefined) where.push(gte(properties.area, q.minArea));
  if (q.maxArea !== undefined) where.push(lte(properties.area, q.maxArea));
  if (q.amenities?.length)
    where.push(
      sql`${properties.amenities} @> ARRAY[${sql.join(
        q.amenities.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`,
    );
  if (q.verification) {
    const since = sql`now() - make_interval(days => ${VERIFICATION_DAYS})`;
    where.push(
      q.verification === 'recent'
        ? gte(properties.verifiedAt, since)
        : or(isNull(properties.verifiedAt), lt(properties.verifiedAt, since)),
    );
  }
  return and(...where);
}
