import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Page } from '../../src/contract/index.ts';
import {
  leadCounts,
  leadVisitors,
  loginFailures,
  messages,
  pageViews,
  sessions,
  visitRequests,
} from '../../src/db/schema.ts';
import { parseEnv } from '../../src/env.ts';
import { createRetentionJob, retentionTasks } from '../../src/server/services/retention.ts';
import { kinshasaDay } from '../../src/shared/kinshasa-time.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

// The daily retention job: what the privacy page says is kept no longer goes, and only that.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ago = (days: number) => sql`now() - ${days} * interval '1 day'`;
const contact = { senderName: 'Ancien', senderEmail: 'a@ndako.test', subject: 'Sujet', content: 'Texte' };
const visit = { name: 'Ancien', visitDate: '2020-01-01', telephone: '+243 81 000 00 01' };

/** Rows dated in the past (and a few recent ones that must stay); answers the ids that must stay. */
async function seedOldRows() {
  const db = t.database.db;
  const keptMessages = await db
    .insert(messages)
    .values([
      { ...contact, subject: 'récent', createdAt: ago(700), updatedAt: ago(700) },
      // Received long ago, but answered last month: the last contact is recent.
      { ...contact, subject: 'relancé', createdAt: ago(1500), updatedAt: ago(30), repliedAt: ago(30) },
    ] as never)
    .returning({ id: messages.id });
  await db.insert(messages).values([
    { ...contact, subject: 'vieux 1', createdAt: ago(1200), updatedAt: ago(1200) },
    { ...contact, subject: 'vieux 2', createdAt: ago(2000), updatedAt: ago(1100), repliedAt: ago(1100) },
  ] as never);
  await db.insert(visitRequests).values([
    { ...visit, createdAt: ago(1100), updatedAt: ago(1100) },
    { ...visit, createdAt: ago(20), updatedAt: ago(20) },
  ] as never);
  await db.insert(loginFailures).values([
    { email: 'x@ndako.test', ip: '10.1.1.1', at: ago(31) },
    { email: 'x@ndako.test', ip: '10.1.1.1', at: ago(29) },
  ] as never);
  await db.insert(sessions).values([
    { tokenHash: 'expired-long-ago', accountId: t.adminId, expiresAt: ago(31) },
    { tokenHash: 'revoked-long-ago', accountId: t.adminId, expiresAt: ago(-300), revokedAt: ago(40) },
    { tokenHash: 'expired-lately', accountId: t.adminId, expiresAt: ago(2) },
  ] as never);
  // Raw page views: two past the 30 days (summed into daily totals first), one recent.
  await db.insert(pageViews).values([
    { path: '/', visitor: 'v1', session: 's1', at: ago(40) },
    { path: '/properties', visitor: 'v1', session: 's1', at: ago(40) },
    { path: '/', visitor: 'v2', session: 's2', at: ago(3) },
  ] as never);
  // Who was counted yesterday goes (its day's secret is gone), today's visitors and every count stay.
  const lead = { propertyId: 1, channel: 'whatsapp', address: 'a' } as const;
  await db.insert(leadVisitors).values([
    { ...lead, day: kinshasaDay(new Date(Date.now() - 86_400_000)), visitor: 'yesterday' },
    { ...lead, day: kinshasaDay(), visitor: 'today' },
  ]);
  await db.insert(leadCounts).values({ day: '2026-01-05', propertyId: 1, channel: 'whatsapp', count: 4 });
  return { keptMessages: keptMessages.map((r) => r.id) };
}

/** The dashboard's visit statistics over the last 30 days and the year's total views. */
const visitFigures = async () =>
  (await t.app.inject({ url: '/api/dashboard/visits', headers: t.auth })).json<unknown>();

const dataAudit = async () =>
  (await t.app.inject({ url: '/api/audit?entity=data', headers: t.auth })).json<Page<AuditEntry>>().data;

describe('the retention job', () => {
  it('removes what is past its period, counts it per table, and audits it once', async () => {
    const { keptMessages } = await seedOldRows();
    const visitsBefore = await visitFigures();
    const removed = await t.app.retention.run();
    expect(removed).toEqual({
      messages: 2,
      visit_requests: 1,
      login_failures: 1,
      sessions: 2,
      page_views: 2,
      lead_visitors: 1,
      alert_subscriptions: 0,
    });
    expect((await t.database.db.select().from(leadVisitors)).map((r) => r.visitor)).toEqual(['today']);
    expect(await t.database.db.select().from(leadCounts)).toHaveLength(1);
    // The raw rows went, the dashboard's figures did not move: their days were summed first.
    expect(await t.database.db.select().from(pageViews)).toHaveLength(1);
    expect(await visitFigures()).toEqual(visitsBefore);
    const left = await t.database.db.select({ id: messages.id }).from(messages);
    expect(left.map((r) => r.id).sort()).toEqual(keptMessages.sort());
    expect(await t.database.db.select().from(visitRequests)).toHaveLength(1);
    expect(await t.database.db.select().from(loginFailures)).toHaveLength(1);
    const hashes = (await t.database.db.select().from(sessions)).map((s) => s.tokenHash);
    expect(hashes).toContain('expired-lately');
    expect(hashes).not.toContain('expired-long-ago');
    expect(hashes).not.toContain('revoked-long-ago');
    // The test admin's own live session stays.
    expect((await t.app.inject({ url: '/api/auth/verify', headers: t.auth })).statusCode).toBe(200);
    const audit = await dataAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      actorName: 'Conservation des données',
      action: 'delete',
      detail:
        'messages: 2, visit_requests: 1, login_failures: 1, sessions: 2, page_views: 2, lead_visitors: 1',
    });
    // Nothing left to remove: no new audit row.
    expect(await t.app.retention.run()).toEqual({
      messages: 0,
      visit_requests: 0,
      login_failures: 0,
      sessions: 0,
      page_views: 0,
      lead_visitors: 0,
      alert_subscriptions: 0,
    });
    expect(await dataAudit()).toHaveLength(1);
  });

  it('follows the configured periods, runs at start and stops with a run in progress finished', async () => {
    await t.database.db
      .insert(messages)
      .values({ ...contact, createdAt: ago(400), updatedAt: ago(400) } as never);
    const logged: unknown[] = [];
    const job = createRetentionJob({
      audit: t.app.repos.audit,
      tasks: retentionTasks(parseEnv({ RETENTION_CONTACT_YEARS: '1', RETENTION_SECURITY_DAYS: '1' })),
      log: { info: (o: unknown) => logged.push(o), error: (o: unknown) => logged.push(o) } as never,
    });
    job.start();
    await job.stop();
    expect(logged).toEqual([{ removed: expect.objectContaining({ messages: 2 }) }]);
  });

  it('keeps the database up after each run: the embedded one learns its tables, which nothing else does', async () => {
    // Only asked of PGlite, whose driver answers { rows }.
    const tuples = async () => {
      const result = (await t.database.db.execute(
        sql`SELECT reltuples FROM pg_class WHERE relname = 'messages'`,
      )) as unknown as { rows: { reltuples: number }[] };
      return Number(result.rows[0]?.reltuples);
    };
    const steps: string[] = [];
    const job = createRetentionJob({
      audit: t.app.repos.audit,
      tasks: [{ name: 'messages', purge: async () => (steps.push('purge'), 0) }],
      log: { info: () => {}, error: () => {} } as never,
      maintain: async () => {
        steps.push('maintain');
        await t.database.maintain();
      },
    });
    job.start();
    await job.stop();
    expect(steps).toEqual(['purge', 'maintain']);
    // PGlite has no autovacuum: before its upkeep a table it never analysed counts -1 rows.
    if (t.database.kind === 'pglite') expect(await tuples()).toBeGreaterThanOrEqual(0);
  });
});
