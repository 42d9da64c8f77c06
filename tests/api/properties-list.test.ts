import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createProperty, expectError, nextIp } from '../helpers/fixtures.ts';

// GET /api/properties: the catalogue's filters, sorting and pages, on a small known data set.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CDF_PER_USD: '2850', USD_PER_EUR: '1.08' } });
});
afterAll(() => t.close());

type List = { data: Property[]; total: number; page: number; limit: number };
const list = async (query: string) => {
  const res = await t.app.inject(`/api/properties?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<List>();
};
const view = (id: number | string, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'PATCH', url: `/api/properties/${id}/view`, remoteAddress });

describe('GET /api/properties: filters, sorting and pages', () => {
  const MARK = 'Qzfiltre';
  const ids: Record<string, number> = {};
  const pick = (body: List) => body.data.map((p) => p.id);
  const named = (...names: string[]) => names.map((n) => ids[n]);

  beforeAll(async () => {
    const rows = [
      {
        key: 'A',
        title: 'Villa Alpha',
        price: 100_000,
        type: 'sale',
        category: 'villa',
        state: 'Gombe',
        area: 500,
        featured: true,
      },
      {
        key: 'B',
        title: 'Appartement Beta',
        price: 500,
        type: 'rent',
        category: 'apartment',
        state: 'Limete',
        area: 80,
        status: 'hot',
      },
      {
        key: 'C',
        title: 'Maison Gamma',
        price: 142_500_000,
        currency: 'CDF',
        category: 'house',
        state: 'Ngaliema',
        area: 250,
        status: 'sold',
      },
      {
        key: 'D',
        title: 'Bureau Delta',
        price: 2000,
        currency: 'EUR',
        type: 'rent',
        category: 'office',
        state: 'Gombe',
        area: 120,
        status: 'unavailable',
      },
      {
        key: 'E',
        title: 'Terrain Epsilon',
        price: 30_000,
        category: 'land',
        state: 'Maluku',
        area: 1000,
        featured: true,
      },
    ] as const;
    for (const { key, ...row } of rows) {
      ids[key] = (await createProperty(t, { ...row, address: `Avenue ${MARK} ${key}` })).id;
    }
    for (const [key, n] of [
      ['A', 3],
      ['C', 1],
      ['E', 2],
    ] as const) {
      for (let i = 0; i < n; i++) expect((await view(ids[key]!)).statusCode).toBe(200);
    }
  });

  it('answers { data, total, page, limit }, newest first', async () => {
    const body = await list(`q=${MARK}`);
    expect(Object.keys(body).sort()).toEqual(['data', 'limit', 'page', 'total']);
    expect(body).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(pick(body)).toEqual(named('E', 'D', 'C', 'B', 'A'));
  });

  it('pages with page and limit', async () => {
    const p2 = await list(`q=${MARK}&limit=2&page=2`);
    expect(p2).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(pick(p2)).toEqual(named('C', 'B'));
    expect(pick(await list(`q=${MARK}&limit=2&page=3`))).toEqual(named('A'));
    expect(pick(await list(`q=${MARK}&limit=2&page=4`))).toEqual([]);
    expect((await list('limit=100')).limit).toBe(100);
  });

  it.each(['limit=101', 'limit=0', 'page=0', 'page=abc', 'limit=-5', 'limit=2.5'])(
    'answers 400 for %s',
    async (query) => {
      expectError(await t.app.inject(`/api/properties?${query}`), 400);
    },
  );

  it('searches title, address and commune case-insensitively', async () => {
    expect(pick(await list('q=vILLA%20alpha'))).toEqual(named('A'));
    expect(pick(await list(`q=${MARK.toUpperCase()}%20d`))).toEqual(named('D'));
    expect(pick(await list('q=NGALIEMA'))).toEqual(named('C'));
    expect((await list('q=introuvable-xyz')).total).toBe(0);
  });

  it('searches % and _ literally', async () => {
    const pct = await createProperty(t, { title: 'Remise 50% Zqlit' });
    await createProperty(t, { title: 'Remise 500 Zqlit' });
    const under = await createProperty(t, { title: 'Code_B Zqlit' });
    await createProperty(t, { title: 'CodeXB Zqlit' });
    expect(pick(await list('q=50%25'))).toEqual([pct.id]);
    expect(pick(await list('q=e_B'))).toEqual([under.id]);
    expect((await list('q=%25')).total).toBe(1);
    expect((await list('q=Zqlit')).total).toBe(4);
  });

  it.each([
    ['type=rent', ['D', 'B']],
    ['type=sale', ['E', 'C', 'A']],
    ['category=villa', ['A']],
    ['category=office', ['D']],
    ['state=Gombe', ['D', 'A']],
    ['status=hot', ['B']],
    ['status=sold', ['C']],
    ['featured=true', ['E', 'A']],
    ['featured=1', ['E', 'A']],
    ['featured=false', ['D', 'C', 'B']],
    ['minPrice=1000&maxPrice=40000', ['E', 'D']],
    ['maxPrice=500', ['B']],
    ['minArea=100&maxArea=500', ['D', 'C', 'A']],
    ['minArea=1000', ['E']],
    ['type=sale&category=land&featured=true', ['E']],
  ])('filters with %s', async (query, expected) => {
    expect(pick(await list(`q=${MARK}&${query}`))).toEqual(named(...expected));
  });

  it.each([
    'type=lease',
    'category=castle',
    'state=Paris',
    'status=deleted',
    'featured=yes',
    'minPrice=abc',
    'maxArea=-1',
    'sort=random',
  ])('answers 400 for %s', async (query) => {
    expectError(await t.app.inject(`/api/properties?${query}`), 400);
  });

  it('sorts by USD value (CDF and EUR converted), by views, and by the most recently viewed', async () => {
    // USD: B 500, D 2160, E 30 000, C 50 000, A 100 000 — the raw prices would put C last.
    expect(pick(await list(`q=${MARK}&sort=price_asc`))).toEqual(named('B', 'D', 'E', 'C', 'A'));
    expect(pick(await list(`q=${MARK}&sort=price_desc`))).toEqual(named('A', 'C', 'E', 'D', 'B'));
    expect(pick(await list(`q=${MARK}&sort=newest`))).toEqual(named('E', 'D', 'C', 'B', 'A'));
    const byViews = await list(`q=${MARK}&sort=views`);
    expect(pick(byViews)).toEqual(named('A', 'E', 'C', 'D', 'B'));
    expect(byViews.data.map((p) => p.viewCount)).toEqual([3, 2, 1, 0, 0]);
    // Viewed in the order A, C, E; B and D never: last, newest id first.
    const recent = await list(`q=${MARK}&sort=recently_viewed`);
    expect(pick(recent)).toEqual(named('E', 'C', 'A', 'D', 'B'));
    expect(recent.data.map((p) => p.lastViewedAt === null)).toEqual([false, false, false, true, true]);
  });
});
