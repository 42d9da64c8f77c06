import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../contract/index.ts';
import type { Db } from '../../db/client.ts';

/** One page of a list (`rows` gets the window to fetch) with the total count under the same condition. */
export async function pageOf<Row, T>(
  db: Db,
  q: { page: number; limit: number },
  counted: { table: PgTable; where: SQL | undefined },
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>,
  map: (row: Row) => T,
): Promise<Page<T>> {
  const data = await rows({ limit: q.limit, offset: (q.page - 1) * q.limit });
  const [total] = await db.select({ n: count() }).from(counted.table).where(counted.where);
  return { data: data.map(map), total: total?.n ?? 0, page: q.page, limit: q.limit };
}
