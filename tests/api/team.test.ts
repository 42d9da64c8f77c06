import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property, PublicTeamMember, TeamMember } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { countMembers, createMember, createProperty, expectError, memberInput } from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The staff's view (the admin calls with its token); anonymous callers: 'anonymous callers' below. */
const team = async (query = '') => {
  const res = await t.app.inject({ url: `/api/team${query}`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TeamMember[] }>().data;
};
const get = (id: number | string) => t.app.inject({ url: `/api/team/${id}`, headers: t.auth });
/** Today where the agency is (UTC+1) or in UTC: the database's CURRENT_DATE is one of them. */
const today = () => [0, 3_600_000].map((offset) => new Date(Date.now() + offset).toISOString().slice(0, 10));

describe('POST /api/team', () => {
  it('creates a member, active and joined today by default', async () => {
    const input = memberInput({
      name: 'Aline Mukendi',
      role: 'Responsable Marketing',
      email: 'ALINE@Ndako.test',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/team', headers: t.auth, payload: input });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<TeamMember>();
    expect(m).toMatchObject({
      name: 'Aline Mukendi',
      role: 'Responsable Marketing',
      phone: input.phone,
      email: 'aline@ndako.test',
      photo: null,
      isActive: true,
      propertiesAssigned: 0,
    });
    expect(today()).toContain(m.joinDate);
    expect((await get(m.id)).json()).toEqual(m);
  });

  it('keeps a given joinDate, isActive false and an uploaded photo', async () => {
    const m = await createMember(t, {
      joinDate: '2019-03-15',
      isActive: false,
      photo: '/media/0123456789abcdef0123456789abcdef-thumb.webp',
    });
    expect(m).toMatchObject({
      joinDate: '2019-03-15',
      isActive: false,
      photo: '/media/0123456789abcdef0123456789abcdef-thumb.webp',
    });
  });

  it.each([
    'Directeur Général',
    'Directeur Commercial',
    'Agent Senior',
    'Agent Junior',
    'Responsable Marketing',
    'Assistant',
  ])('accepts the role %s', async (role) => {
    expect((await createMember(t, { role })).role).toBe(role);
  });
});

describe('GET /api/team', () => {
  it('gives staff every field and computes propertiesAssigned', async () => {
    const m = await createMember(t, { name: 'Serge Assigné' });
    await createProperty(t, { managerId: m.id });
    await createProperty(t, { managerId: m.id });
    const res = await t.app.inject({ url: '/api/team', headers: t.auth });
    expect(res.statusCode).toBe(200);
    const found = res.json<{ data: TeamMember[] }>().data.find((x) => x.id === m.id);
    expect(found?.propertiesAssigned).toBe(2);
    expect((await get(m.id)).json<TeamMember>().propertiesAssigned).toBe(2);
  });

  it('filters with q (name, e-mail, phone; case-insensitive) and active', async () => {
    const a = await createMember(t, { name: 'Béatrice Zongofiltre', email: 'bea@zongo.test' });
    const b = await createMember(t, { name: 'Carine Zongofiltre', isActive: false });
    const c = await createMember(t, { name: 'Didier Autre', phone: '+243 85 999 12 34' });
    const ids = (list: TeamMember[]) => list.map((m) => m.id).sort((x, y) => x - y);
    expect(ids(await team('?q=zongofiltre'))).toEqual([a.id, b.id]);
    expect(ids(await team('?q=BEA%40ZONGO'))).toEqual([a.id]);
    expect(ids(await team('?q=85%20999'))).toEqual([c.id]);
    expect(ids(await team('?q=zongofiltre&active=true'))).toEqual([a.id]);
    expect(ids(await team('?q=zongofiltre&active=false'))).toEqual([b.id]);
    expect((await team('?active=false')).every((m) => !m.isActive)).toBe(true);
    expect((await team('?active=true')).every((m) => m.isActive)).toBe(true);
    expect(await team('?q=personne-de-ce-nom')).toEqual([]);
    expectError(await t.app.inject('/api/team?active=maybe'), 400);
  });

  it('answers 404 for an unknown id and 400 for an invalid one', async () => {
    expectError(await get(999_999), 404);
    for (const id of ['abc', '-1', '1.5', '99999999999']) expectError(await get(id), 400);
  });
});

describe('anonymous callers', () => {
  const PUBLIC_FIELDS = ['id', 'joinDate', 'name', 'photo', 'role'];
  const anonymous = async (url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('get active members only, with the fields the public pages show', async () => {
    const active = await createMember(t, { name: 'Publique Visible', email: 'visible@ndako.test' });
    const former = await createMember(t, { name: 'Publique Partie', isActive: false });
    const list = (await anonymous('/api/team?limit=100')).json<{ data: PublicTeamMember[] }>().data;
    expect(list.length).toBeGreaterThan(0);
    for (const m of list) expect(Object.keys(m).sort()).toEqual(PUBLIC_FIELDS);
    expect(list.map((m) => m.id)).toContain(active.id);
    expect(list.map((m) => m.id)).not.toContain(former.id);
    // Asking for former members does not show them either.
    const asked = (await anonymous('/api/team?active=false')).json<{ data: unknown[] }>();
    expect(asked.data).toEqual(expect.not.arrayContaining([expect.objectContaining({ id: former.id })]));
    const one = (await anonymous(`/api/team/${active.id}`)).json<Record<string, unknown>>();
    expect(one).toEqual({
      id: active.id,
      name: 'Publique Visible',
      role: active.role,
      photo: active.photo,
      joinDate: active.joinDate,
    });
    expectError(await t.app.inject(`/api/team/${former.id}`), 404);
    expect((await get(former.id)).json<TeamMember>().email).toBe(former.email);
  });

  it('cannot find members by phone or e-mail, which they do not see', async () => {
    const m = await createMember(t, {
      name: 'Sonde Anonyme',
      email: 'sonde.secrete@ndako.test',
      phone: '+243 85 777 44 21',
    });
    const probe = (q: string) => anonymous(`/api/team?q=${encodeURIComponent(q)}`);
    expect((await probe('sonde.secrete')).json<{ total: number }>().total).toBe(0);
    expect((await probe('777 44')).json<{ total: number }>().total).toBe(0);
    // Staff find them by either.
    expect((await team('?q=777%2044')).map((x) => x.id)).toEqual([m.id]);
    expect((await probe('Sonde Anonyme')).json<{ data: { id: number }[] }>().data).toEqual([
      expect.objectContaining({ id: m.id }),
    ]);
  });

  it('are answered as anonymous when the token is not a live one', async () => {
    const res = await t.app.inject({ url: '/api/team', headers: { authorization: 'Bearer authenticated' } });
    expect(res.statusCode).toBe(200);
    for (const m of res.json<{ data: object[] }>().data) expect(Object.keys(m).sort()).toEqual(PUBLIC_FIELDS);
  });
});

describe('PUT, toggle-status, DELETE', () => {
  it('updates a member', async () => {
    const m = await createMember(t);
    const payload = memberInput({
      name: 'Nom Modifié',
      role: 'Assistant',
      joinDate: '2021-01-04',
      isActive: false,
    });
    const res = await t.app.inject({ method: 'PUT', url: `/api/team/${m.id}`, headers: t.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: m.id,
      name: 'Nom Modifié',
      role: 'Assistant',
      joinDate: '2021-01-04',
      isActive: false,
    });
    expect((await get(m.id)).json<TeamMember>().name).toBe('Nom Modifié');
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/team/999999', headers: t.auth, payload });
    expectError(unknown, 404);
  });

  it('refuses an invalid update and changes nothing', async () => {
    const m = await createMember(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/team/${m.id}`,
      headers: t.auth,
      payload: { ...memberInput(), role: 'Stagiaire' },
    });
    expectError(res, 400);
    expect((await get(m.id)).json()).toEqual(m);
  });

  it('toggles the active flag both ways', async () => {
    const m = await createMember(t);
    const toggle = (id: number) =>
      t.app.inject({ method: 'PATCH', url: `/api/team/${id}/toggle-status`, headers: t.auth });
    const off = await toggle(m.id);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TeamMember>().isActive).toBe(false);
    expect((await get(m.id)).json<TeamMember>().isActive).toBe(false);
    expect((await toggle(m.id)).json<TeamMember>().isActive).toBe(true);
    expectError(await toggle(999_999), 404);
  });

  it('deletes a member; the properties they managed stay, without agent', async () => {
    const m = await createMember(t);
    const p = await createProperty(t, { managerId: m.id });
    expect(p.agent?.id).toBe(m.id);
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/team/${m.id}`, headers: t.auth });
    const res = await del();
    expect(res.statusCode).toBe(204);
    expectError(await get(m.id), 404);
    const after = await t.app.inject(`/api/properties/${p.id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json<Property>()).toMatchObject({ id: p.id, managerId: null, agent: null, title: p.title });
    expectError(await del(), 404);
  });
});

describe('invalid members are refused with 400 and nothing stored', () => {
  const base = memberInput();
  const without = (key: string) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
  it.each([
    ['missing name', without('name')],
    ['empty name', { ...base, name: '  ' }],
    ['missing role', without('role')],
    ['role not among the six', { ...base, role: 'Stagiaire' }],
    ['role in another case', { ...base, role: 'agent senior' }],
    ['missing e-mail', without('email')],
    ['bad e-mail', { ...base, email: 'pas-un-email' }],
    ['missing phone', without('phone')],
    ['bad phone', { ...base, phone: 'appelez-moi' }],
    ['too short phone', { ...base, phone: '12' }],
    ['javascript: photo', { ...base, photo: 'javascript:alert(1)' }],
    ['bad joinDate', { ...base, joinDate: '15/03/2019' }],
    ['isActive as a string', { ...base, isActive: 'oui' }],
    ['control character in name', { ...base, name: 'Jean\u0000' }],
  ])('%s', async (_name, payload) => {
    const before = await countMembers(t);
    expectError(await t.app.inject({ method: 'POST', url: '/api/team', headers: t.auth, payload }), 400);
    expect(await countMembers(t)).toBe(before);
  });
});

describe('GET /api/team pagination', () => {
  it('answers { data, total, page, limit }, newest first', async () => {
    const first = await createMember(t, { name: 'Premier Pagination' });
    const second = await createMember(t, { name: 'Second Pagination' });
    const res = await t.app.inject({ url: '/api/team?q=pagination&limit=1&page=1', headers: t.auth });
    expect(res.json()).toMatchObject({ total: 2, page: 1, limit: 1, data: [{ id: second.id }] });
    const next = await t.app.inject({ url: '/api/team?q=pagination&limit=1&page=2', headers: t.auth });
    expect(next.json()).toMatchObject({ total: 2, page: 2, data: [{ id: first.id }] });
    expectError(await t.app.inject('/api/team?limit=101'), 400);
  });
});
