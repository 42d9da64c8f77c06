import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { auditLog } from '../../src/db/schema.ts';
import { newestFirst } from '../../src/server/repositories/paging.ts';
import { openTestDatabase } from '../helpers/app.ts';

// The staff lists' one paged query (messages, visits, alerts, team, accounts, the audit log), on both
// databases: their API suites check each list's answers, this the order, windows and totals themselves.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 9));
  // Inserted out of date order, and three rows of one instant: ids alone cannot give the order.
  const rows: [string, Date, 'property' | 'team'][] = [
    ['b', day(2), 'property'],
    ['e', day(5), 'team'],
    ['a', day(1), 'property'],
    ['c1', day(3), 'team'],
    ['c2', day(3), 'property'],
    ['c3', day(3), 'team'],
    ['d', day(4), 'property'],
  ];
  for (const [label, at, entity] of rows) {
    await database.db.insert(auditLog).values({ label, at, entity, action: 'create', actorName: 'Test' });
  }
});
afterAll(() => drop());

const labels = (q: { page: number; limit: number }, entity?: 'property' | 'team') =>
  newestFirst(
    database.db,
    q,
    { table: auditLog, newest: auditLog.at, where: entity ? eq(auditLog.entity, entity) : undefined },
    (row) => row.label,
  );

describe('newestFirst', () => {
  it('lists newest first, rows of one instant by id, highest first', async () => {
    expect(await labels({ page: 1, limit: 10 })).toEqual({
      data: ['e', 'd', 'c3', 'c2', 'c1', 'b', 'a'],
      total: 7,
      page: 1,
      limit: 10,
    });
  });

  it('cuts pages that join without a gap or an overlap, each with the whole total', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => labels({ page, limit: 3 })));
    expect(pages.map((p) => p.data)).toEqual([['e', 'd', 'c3'], ['c2', 'c1', 'b'], ['a']]);
    expect(pages.map((p) => [p.total, p.page, p.limit])).toEqual([
      [7, 1, 3],
      [7, 2, 3],
      [7, 3, 3],
    ]);
  });

  it('answers a page past the end empty, with the total', async () => {
    expect(await labels({ page: 9, limit: 3 })).toEqual({ data: [], total: 7, page: 9, limit: 3 });
  });

  it('counts and lists the rows of the condition alone', async () => {
    expect(await labels({ page: 1, limit: 2 }, 'team')).toEqual({
      data: ['e', 'c3'],
      total: 3,
      page: 1,
      limit: 2,
    });
  });

  it('selects the columns given, nested as in a Drizzle select', async () => {
    const page = await newestFirst(
      database.db,
      { page: 2, limit: 1 },
      {
        table: auditLog,
        columns: { entry: { label: auditLog.label }, entity: auditLog.entity },
        newest: auditLog.at,
        where: undefined,
      },
      (row) => row,
    );
    expect(page.data).toEqual([{ entry: { label: 'd' }, entity: 'property' }]);
  });
});
