import { count, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Page } from '../../contract/index.ts';
import type { Db } from '../../db/client.ts';

/** Which page of a list, as the list queries of the contract carry it (pages count from 1). */
export interface PageQuery {
  page: number;
  limit: number;
}

/** One page of a list (`rows` gets the window to fetch) with the total count under the same condition. */
export async function pageOf<Row, T>(
  db: Db,
  q: PageQuery,
  counted: { table: PgTable; where: SQL | undefined },
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>,
  map: (row: Row) => T,
): Promise<Page<T>> {
  const data = await rows({ limit: q.limit, offset: (q.page - 1) * q.limit });
  const [total] = await db.select({ n: count() }).from(counted.table).where(counted.where);
  return { data: data.map(map), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

type Listed = PgTable & { id: AnyPgColumn };

/** A staff list of one table, newest first. */
interface NewestFirst<TTable extends Listed> {
  table: TTable;
  /**
   * The row's date, newest first; rows of one instant (a seed, a batch) then go by id, highest first, so a
   * row never shows on two pages nor on none.
   */
  newest: AnyPgColumn;
  where: SQL | undefined;
}

/**
 * A page of `table`'s rows under `where`, newest first, with their total: the list every staff table shows
 * (messages, visit requests, alerts, team, accounts, the audit log). Whole rows, or `columns` when given
 * (named as in Drizzle's `select`), each turned into the API's shape by `map`.
 */
export function newestFirst<
  TTable extends Listed,
  T,
  TColumns extends SelectedFields | undefined = undefined,
>(
  db: Db,
  q: PageQuery,
  list: NewestFirst<TTable> & { columns?: TColumns },
  map: (row: TColumns extends SelectedFields ? SelectResultFields<TColumns> : TTable['$inferSelect']) => T,
): Promise<Page<T>>;
export function newestFirst<T>(
  db: Db,
  q: PageQuery,
  list: NewestFirst<Listed> & { columns?: SelectedFields },
  map: (row: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const from: PgSelect = list.columns
    ? db.select(list.columns).from(list.table).$dynamic()
    : db.select().from(list.table).$dynamic();
  return pageOf(
    db,
    q,
    list,
    (window) =>
      from
        .where(list.where)
        .orderBy(desc(list.newest), desc(list.table.id))
        .limit(window.limit)
        .offset(window.offset),
    map,
  );
}
