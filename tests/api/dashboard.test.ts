import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, Property, VisitStats } from '../../src/contract/index.ts';
import { pageViewDays, pageViews, properties, visitDays } from '../../src/db/schema.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { writeManifest } from '../helpers/site-builder.ts';
import {
  createMember,
  createMessage,
  createProperty,
  expectError,
  nextIp,
  propertyInput,
  visitInput,
} from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CDF_PER_USD: '2000', USD_PER_EUR: '1.5' } });
  // The beacon counts only the pages the live site's manifest lists.
  await writeManifest(t.env.SITE_DIR);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const stats = async () => {
  const res = await t.app.inject({ url: '/api/dashboard/stats', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardStats>();
};
const visitStats = async () => {
  const res = await t.app.inject({ url: '/api/dashboard/visits', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VisitStats>();
};
/** Today in Kinshasa (UTC+1, all year). */
const kinshasaToday = () => new Date(Date.now() + HOUR).toISOString().slice(0, 10);
/** Midnight, Kinshasa time, on the first day of the current month. */
const kinshasaMonthStart = () => {
  const local = new Date(Date.now() + HOUR);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - HOUR);
};

describe('GET /api/dashboard/stats', () => {
  let p: Record<string, Property>;

  it('reports zeros on an empty database', async () => {
    expect(await stats()).toEqual({
      properties: {
        total: 0,
        available: 0,
        rended: 0,
        addedThisMonth: 0,
        addedPreviousMonth: 0,
        soldThisMonth: 0,
      },
      hotOffers: 0,
      team: { total: 0, active: 0 },
      messages: { unread: 0, total: 0, lastSevenDays: 0, previousSevenDays: 0 },
      visitRequests: { pending: 0 },
      revenue: { monthly: 0, previousMonth: 0, currency: 'USD' },
      monthlyGrowth: null,
      views: { total: 0, mostViewed: [] },
    });
  });

  it('computes every figure from the data', async () => {
    p = {
      available1: await createProperty(t, { title: 'Disponible Un' }),
      available2: await createProperty(t, { title: 'Disponible Deux' }),
      hot: await createProperty(t, { title: 'Offre chaude', status: 'hot' }),
      soldUsd: await createProperty(t, { title: 'Vendue USD', price: 100_000 }),
      soldCdf: await createProperty(t, {
        title: 'Vendue CDF',
        price: 20_000_000,
        currency: 'CDF',
        status: 'sold',
      }),
      soldEur: await createProperty(t, { title: 'Vendue EUR', price: 1000, currency: 'EUR' }),
      unavailable: await createProperty(t, { title: 'Indisponible', status: 'unavailable' }),
    };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${p.soldUsd!.id}/status`,
      headers: t.auth,
      payload: { status: 'sold' },
    });
    expect(patch.statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.soldEur!.id}`,
      headers: t.auth,
      payload: propertyInput({ title: 'Vendue EUR', price: 1000, currency: 'EUR', status: 'sold' }),
    });
    expect(put.statusCode, put.body).toBe(200);

    await createMember(t);
    await createMember(t);
    const inactive = await createMember(t);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/team/${inactive.id}/toggle-status`,
          headers: t.auth,
        })
      ).statusCode,
    ).toBe(200);

    const messages = [
      await createMessage(t),
      await createMessage(t),
      await createMessage(t),
      await createMessage(t),
    ];
    for (const [m, status] of [
      [messages[0]!, 'read'],
      [messages[1]!, 'replied'],
    ] as const) {
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/messages/${m.id}/status`,
            headers: t.auth,
            payload: { status },
          })
        ).statusCode,
      ).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/mail/send-visit',
            remoteAddress: nextIp(),
            payload: visitInput(),
          })
        ).statusCode,
      ).toBe(201);
    }
    for (const [key, n] of [
      ['hot', 5],
      ['available1', 3],
      ['available2', 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        expect(
          (
            await t.app.inject({
              method: 'PATCH',
              url: `/api/properties/${p[key]!.id}/view`,
              remoteAddress: nextIp(),
            })
          ).statusCode,
        ).toBe(200);
      }
    }

    const s = await stats();
    expect(s.properties).toEqual({
      total: 7,
      available: 2,
      rended: 3,
      addedThisMonth: 7,
      addedPreviousMonth: 0,
      soldThisMonth: 3,
    });
    expect(s.hotOffers).toBe(1);
    expect(s.team).toEqual({ total: 3, active: 2 });
    expect(s.messages).toEqual({ unread: 2, total: 4, lastSevenDays: 4, previousSevenDays: 0 });
    expect(s.visitRequests).toEqual({ pending: 2 });
    // 100 000 USD + 20 000 000 CDF at 2000 per USD + 1000 EUR at 1.5 USD each.
    expect(s.revenue).toEqual({ monthly: 111_500, previousMonth: 0, currency: 'USD' });
    expect(s.monthlyGrowth).toBeNull();
    expect(s.views.total).toBe(9);
    expect(s.views.mostViewed).toEqual([
      { id: p.hot!.id, title: 'Offre chaude', viewCount: 5 },
      { id: p.available1!.id, title: 'Disponible Un', viewCount: 3 },
      { id: p.available2!.id, title: 'Disponible Deux', viewCount: 1 },
      { id: p.unavailable!.id, title: 'Indisponible', viewCount: 0 },
      { id: p.soldEur!.id, title: 'Vendue EUR', viewCount: 0 },
    ]);
  });

  it('compares with the previous month', async () => {
    // The USD sale is moved ten days before the start of this month (Kinshasa time).
    const lastMonth = new Date(kinshasaMonthStart().getTime() - 10 * 24 * HOUR);
    await t.database.db
      .update(properties)
      .set({ statusChangedAt: lastMonth })
      .where(eq(properties.id, p.soldUsd!.id));
    let s = await stats();
    expect(s.revenue).toEqual({ monthly: 11_500, previousMonth: 100_000, currency: 'USD' });
    expect(s.monthlyGrowth).toBe(-88.5);

    // Setting "sold" again does not re-date the sale; taking it off the market removes it from revenue.
    const patch = (id: number, status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/properties/${id}/status`,
        headers: t.auth,
        payload: { status },
      });
    expect((await patch(p.soldUsd!.id, 'sold')).statusCode).toBe(200);
    expect((await stats()).revenue.previousMonth).toBe(100_000);
    expect((await patch(p.soldCdf!.id, 'available')).statusCode).toBe(200);
    s = await stats();
    expect(s.revenue).toEqual({ monthly: 1500, previousMonth: 100_000, currency: 'USD' });
    expect(s.monthlyGrowth).toBe(-98.5);
    expect(s.properties).toMatchObject({ total: 7, available: 3, rended: 2, soldThisMonth: 1 });
  });
});

describe('page views and GET /api/dashboard/visits', () => {
  const pageview = (path: string, session: string, remoteAddress: string, agent: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      remoteAddress,
      headers: { 'user-agent': agent },
      payload: { path, session },
    });

  it('reports no traffic before any page view, over 30 days ending today', async () => {
    const v = await visitStats();
    expect(v).toMatchObject({
      totalVisits: 0,
      uniqueVisitors: 0,
      pageViews: 0,
      bounceRate: 0,
      averageSessionDuration: 0,
      topPages: [],
    });
    expect(v.dailyVisits).toHaveLength(30);
    expect(v.dailyVisits.at(-1)?.date).toBe(kinshasaToday());
    expect(v.dailyVisits.every((d) => d.visits === 0 && d.pageViews === 0)).toBe(true);
  });

  it('records page views publicly (204) and reports them', async () => {
    const views: [string, string, string, string][] = [
      ['/', 'sessionAAA1', '10.1.1.1', 'UA-1'],
      ['/properties?type=rent#map', 'sessionAAA1', '10.1.1.1', 'UA-1'],
      ['/property/1', 'sessionAAA1', '10.1.1.1', 'UA-1'],
      ['/', 'sessionBBB2', '10.1.1.1', 'UA-1'],
      ['/properties', 'sessionCCC3', '10.2.2.2', 'UA-2'],
    ];
    for (const args of views) {
      const res = await pageview(...args);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
    }
    const v = await visitStats();
    expect(v.pageViews).toBe(5);
    expect(v.totalVisits).toBe(3);
    expect(v.uniqueVisitors).toBe(2);
    expect(v.bounceRate).toBe(66.7);
    expect(v.averageSessionDuration).toBeGreaterThanOrEqual(0);
    expect(v.topPages).toEqual([
      { path: '/', views: 2 },
      { path: '/properties', views: 2 },
      { path: '/property/1', views: 1 },
    ]);
    expect(v.dailyVisits).toHaveLength(30);
    const dates = v.dailyVisits.map((d) => d.date);
    for (let i = 1; i < dates.length; i++) {
      expect(Date.parse(`${dates[i]}T00:00:00Z`) - Date.parse(`${dates[i - 1]}T00:00:00Z`)).toBe(24 * HOUR);
    }
    expect(v.dailyVisits.at(-1)).toEqual({ date: kinshasaToday(), visits: 3, pageViews: 5 });
    expect(v.dailyVisits.slice(0, -1).every((d) => d.visits === 0 && d.pageViews === 0)).toBe(true);
  });

  it.each([
    ['a path without a leading slash', { path: 'nope', session: 'sessionDDD4' }],
    ['a path with a space', { path: '/a b', session: 'sessionDDD4' }],
    ['a path of 400 characters', { path: `/${'a'.repeat(400)}`, session: 'sessionDDD4' }],
    ['an absolute url', { path: 'https://evil.example/', session: 'sessionDDD4' }],
    ['a short session', { path: '/', session: 'short' }],
    ['a session with spaces', { path: '/', session: 'bad session id' }],
    ['no session', { path: '/' }],
    ['a path that is not a page of the site', { path: '/wp-login.php', session: 'sessionDDD4' }],
    ['an API path', { path: '/api/properties', session: 'sessionDDD4' }],
    ['a listing that is not an id', { path: '/property/abc', session: 'sessionDDD4' }],
    ['a language the site does not have', { path: '/de/properties', session: 'sessionDDD4' }],
  ])('answers 400 to %s and records nothing', async (_name, payload) => {
    const before = (await visitStats()).pageViews;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      remoteAddress: nextIp(),
      payload,
    });
    expectError(res, 400);
    expect((await visitStats()).pageViews).toBe(before);
  });
});

describe('daily page-view rows and the purge of raw rows', () => {
  const DAY = 24 * HOUR;
  /** Noon in Kinshasa, `daysAgo` days before today. */
  const noonDaysAgo = (daysAgo: number, minutes = 0) =>
    new Date(Date.parse(`${kinshasaToday()}T11:00:00Z`) - daysAgo * DAY + minutes * 60_000);
  const dayOf = (daysAgo: number) =>
    new Date(Date.parse(`${kinshasaToday()}T12:00:00Z`) - daysAgo * DAY).toISOString().slice(0, 10);

  it('counts one row per page of the site, whatever the address form', async () => {
    const before = await visitStats();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      remoteAddress: nextIp(),
      payload: { path: '/en/properties/?type=rent', session: 'sessionEEE5' },
    });
    expect(res.statusCode, res.body).toBe(204);
    const after = await visitStats();
    expect(after.pageViews).toBe(before.pageViews + 1);
    expect(after.topPages).toContainEqual({ path: '/en/properties', views: 1 });
  });

  it('sums finished days into daily rows, and the figures stay the same once the raw rows are purged', async () => {
    // Two visits three days ago (one of them a bounce), one visit of two pages two days ago: one visitor.
    await t.database.db.insert(pageViews).values([
      { path: '/', visitor: 'v1', session: 'old-session-1', at: noonDaysAgo(3) },
      { path: '/properties', visitor: 'v1', session: 'old-session-1', at: noonDaysAgo(3, 2) },
      { path: '/', visitor: 'v1', session: 'old-session-2', at: noonDaysAgo(3, 30) },
      { path: '/contact', visitor: 'v1', session: 'old-session-3', at: noonDaysAgo(2) },
      { path: '/about', visitor: 'v1', session: 'old-session-3', at: noonDaysAgo(2, 4) },
      // Older than the 30 days shown: summed, but not in the figures.
      { path: '/', visitor: 'v9', session: 'old-session-9', at: noonDaysAgo(40) },
    ]);
    const withOld = await visitStats();
    const todayRaw = withOld.dailyVisits.at(-1)!;
    expect(withOld.dailyVisits.find((d) => d.date === dayOf(3))).toEqual({
      date: dayOf(3),
      visits: 2,
      pageViews: 3,
    });
    expect(withOld.dailyVisits.find((d) => d.date === dayOf(2))).toEqual({
      date: dayOf(2),
      visits: 1,
      pageViews: 2,
    });
    expect(withOld.dailyVisits.at(-1)).toEqual(todayRaw);
    expect(await t.database.db.$count(visitDays)).toBe(3);
    expect(await t.database.db.$count(pageViewDays)).toBe(5);

    // Nothing today goes, whatever the date asked; only rows before it.
    expect(await t.app.repos.stats.purgeRawPageViews(noonDaysAgo(50))).toBe(0);
    expect(await t.app.repos.stats.purgeRawPageViews(new Date(Date.now() + DAY))).toBe(6);
    expect(await t.database.db.$count(pageViews)).toBe(todayRaw.pageViews);
    expect(await visitStats()).toEqual(withOld);
  });

  it('counts visitors per day: the same visitor on two days is two daily visitors', async () => {
    const v = await visitStats();
    const todayVisitors = new Set(
      (await t.database.db.select({ visitor: pageViews.visitor }).from(pageViews)).map((r) => r.visitor),
    ).size;
    // v1 on two days: two daily visitors (the hashes' salt changes every day anyway).
    expect(v.uniqueVisitors).toBe(todayVisitors + 2);
  });
});

describe('a flood of page views', () => {
  let flooded: TestApp;
  beforeAll(async () => {
    flooded = await buildTestApp({ env: { PAGE_VIEWS_PER_DAY: '100' } });
    await writeManifest(flooded.env.SITE_DIR);
  });
  afterAll(() => flooded.close());

  it('stores PAGE_VIEWS_PER_DAY a day, then one in 100, whatever the addresses and browsers', async () => {
    const answers = new Set<number>();
    for (let i = 0; i < 350; i++) {
      const res = await flooded.app.inject({
        method: 'POST',
        url: '/api/analytics/pageview',
        remoteAddress: nextIp(),
        headers: { 'user-agent': `UA-${i}` },
        payload: { path: '/', session: `sessionFLOOD${i}` },
      });
      answers.add(res.statusCode);
    }
    // The beacon's answer does not change: a sender cannot tell.
    expect([...answers]).toEqual([204]);
    const [row] = await flooded.database.db.select({ n: count() }).from(pageViews);
    expect(row!.n).toBe(100 + 2);
  });
});
