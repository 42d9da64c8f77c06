import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../src/db/schema.ts';
import { READ_CACHE_TTL_MS } from '../../src/server/plugins/read-cache.ts';
import { rowsOf, tablesInOrder } from '../../src/server/repositories/dump.ts';
import { sharedStateRepository } from '../../src/server/repositories/shared-state.ts';
import { buildSecondInstance, buildTestApp, type TestApp } from '../helpers/app.ts';
import { createProperty, messageInput, nextIp } from '../helpers/fixtures.ts';
import { writeManifest, writeSite } from '../helpers/site-builder.ts';

// Two API instances on one database, as two `npm start` processes on one DATABASE_URL behind a balancer:
// each has its own memory (rate-limit store, caches, salt), so whatever they must agree on has to come
// from the database. Before the shared state, each instance counted its own limits and salted its own hashes.
let t: TestApp;
let second: FastifyInstance;
let closeSecond: () => Promise<void>;
beforeAll(async () => {
  t = await buildTestApp();
  const other = await buildSecondInstance(t, writeSite('B'));
  ({ app: second, close: closeSecond } = other);
  for (const dir of [t.env.SITE_DIR, other.env.SITE_DIR]) await writeManifest(dir);
});
afterAll(async () => {
  await closeSecond();
  await t.close();
});

const contact = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'POST', url: '/api/messages', remoteAddress: ip, payload: messageInput() });

describe('several API instances on one database', () => {
  it('share the form limits: ten messages per address in all, not ten per instance', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await contact(i % 2 ? second : t.app, ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const app of [t.app, second]) {
      const refused = await contact(app, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Trop de requêtes : réessayez dans \d+ secondes/);
    }
    // Another address still writes, on either instance.
    expect((await contact(second, nextIp())).statusCode).toBe(201);
  });

  it('count one visitor once a day whichever instance answers (one salt per day, in the database)', async () => {
    const ip = nextIp();
    const view = (app: FastifyInstance, path: string) =>
      app.inject({
        method: 'POST',
        url: '/api/analytics/pageview',
        remoteAddress: ip,
        headers: { 'user-agent': 'Instances test' },
        payload: { path, session: 'session-instances-1' },
      });
    expect((await view(t.app, '/properties')).statusCode).toBe(204);
    expect((await view(second, '/about')).statusCode).toBe(204);
    const rows = await t.database.db.select().from(pageViews);
    const mine = rows.filter((r) => r.session === 'session-instances-1');
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((r) => r.visitor)).size).toBe(1);
  });

  it('start a limit window afresh once it is over, and forget old windows', async () => {
    const state = t.app.repos.sharedState;
    expect((await state.hit('test|window', 300)).current).toBe(1);
    const again = await state.hit('test|window', 300);
    expect(again.current).toBe(2);
    expect(again.ttl).toBeGreaterThan(0);
    expect(again.ttl).toBeLessThanOrEqual(300);
    expect(await state.peek('test|window', 300)).toMatchObject({ current: 2 });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await state.peek('test|window', 300)).toEqual({ current: 0, ttl: 0 });
    expect((await state.hit('test|window', 300)).current).toBe(1);
    expect(await state.purgeHits(new Date(Date.now() + 1000))).toBeGreaterThan(0);
  });

  // The purge brought every deleted window back into Node (`returning()`).
  it('forget old windows in batches, each bringing back only its count', async () => {
    const { db } = t.database;
    await db.execute(sql`
      INSERT INTO rate_limit_hits (key, window_start, count)
      SELECT 'purge-test|' || g, now() - interval '2 hours', 1 FROM generate_series(1, 2345) g`);
    await t.app.repos.sharedState.hit('purge-test|fresh', 60_000);
    const answers: unknown[][] = [];
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
        return async (query: SQL) => {
          const result = await target.execute(query);
          answers.push(rowsOf(result));
          return result;
        };
      },
    });
    const state = sharedStateRepository({ ...t.database, db: counted });
    expect(await state.purgeHits(new Date(Date.now() - 3_600_000), 1000)).toBe(2345);
    // Three statements (1000, 1000, 345), each answering one row: the count.
    expect(answers.map((rows) => rows.length)).toEqual([1, 1, 1]);
    const left = rowsOf<{ key: string }>(
      await db.execute(sql`SELECT key FROM rate_limit_hits WHERE key LIKE 'purge-test|%'`),
    );
    expect(left.map((r) => r.key)).toEqual(['purge-test|fresh']);
  });

  it('show a write made through the other instance within the read cache’s bound (3 s), not later', async () => {
    const p = await createProperty(t, { title: 'Villa à Ngaliema, vue sur le fleuve' });
    const read = () => second.inject(`/api/properties/${p.id}`);
    expect((await read()).json<{ status: string }>().status).toBe('available');
    const writtenAt = Date.now();
    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${p.id}/status`,
      headers: t.auth,
      payload: { status: 'sold' },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    // The other instance's cache is not emptied by this write: its answer may be stale, for the TTL at most.
    let seen = await read();
    while (seen.json<{ status: string }>().status !== 'sold' && Date.now() - writtenAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await read();
    }
    expect(seen.json<{ status: string }>().status).toBe('sold');
    expect(Date.now() - writtenAt).toBeLessThanOrEqual(READ_CACHE_TTL_MS + 500);
  });

  it('keep that shared state out of backups: it is transient', () => {
    expect(tablesInOrder()).not.toContain('rate_limit_hits');
    expect(tablesInOrder()).not.toContain('visitor_salts');
    expect(tablesInOrder()).not.toContain('publish_lease');
    expect(tablesInOrder()).toContain('page_views');
  });
});
