import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, Property, VisitRequest } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  countProperties,
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
  t = await buildTestApp();
});
afterAll(() => t.close());

const view = (id: number | string, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'PATCH', url: `/api/properties/${id}/view`, remoteAddress });

describe('POST /api/properties', () => {
  it('creates with the defaults USD, sale, apartment, available', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: t.auth,
      payload: propertyInput(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<Property>();
    expect(p).toMatchObject({
      title: 'Appartement test',
      price: 1500,
      area: 90,
      state: 'Kintambo',
      currency: 'USD',
      type: 'sale',
      category: 'apartment',
      status: 'available',
      featured: false,
      viewCount: 0,
      lastViewedAt: null,
      features: [],
      media: [],
      managerId: null,
      agent: null,
      bedrooms: null,
      lat: null,
    });
    expect(p.id).toBeGreaterThan(0);
    expect(Date.parse(p.createdAt)).not.toBeNaN();
    const again = await t.app.inject(`/api/properties/${p.id}`);
    expect(again.json()).toEqual(p);
  });

  it('embeds the agent when managerId is given', async () => {
    const m = await createMember(t, { name: 'Jeanne Agent', role: 'Agent Junior' });
    const p = await createProperty(t, {
      managerId: m.id,
      features: ['forage', 'parking'],
      lat: -4.3,
      long: 15.3,
    });
    expect(p.managerId).toBe(m.id);
    expect(p.agent).toEqual({
      id: m.id,
      name: 'Jeanne Agent',
      role: 'Agent Junior',
      phone: m.phone,
      email: m.email,
      photo: null,
    });
    expect(p.features).toEqual(['forage', 'parking']);
    expect([p.lat, p.long]).toEqual([-4.3, 15.3]);
  });

  it('refuses an unknown managerId with 400 and stores nothing', async () => {
    const before = await countProperties(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: t.auth,
      payload: propertyInput({ managerId: 999_999 }),
    });
    expectError(res, 400);
    expect(await countProperties(t)).toBe(before);
  });
});

describe('GET /api/properties/{id}', () => {
  it('answers 200 with the property and 404 with a message for an unknown id', async () => {
    const p = await createProperty(t, { title: 'Maison à lire' });
    const res = await t.app.inject(`/api/properties/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Property>().title).toBe('Maison à lire');
    expectError(await t.app.inject('/api/properties/999999'), 404);
  });

  it.each(['abc', '-1', '1.5', '0', '99999999999999999999'])('answers 400 for the id %s', async (id) => {
    expectError(await t.app.inject(`/api/properties/${id}`), 400);
  });
});

describe('PUT, PATCH status, DELETE', () => {
  it('updates a property with PUT, status included', async () => {
    const p = await createProperty(t);
    const payload = propertyInput({
      title: 'Titre modifié',
      price: 2500,
      currency: 'CDF',
      status: 'sold',
      bedrooms: 3,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: p.id,
      title: 'Titre modifié',
      price: 2500,
      currency: 'CDF',
      status: 'sold',
      bedrooms: 3,
    });
    expect(Date.parse(res.json<Property>().updatedAt)).toBeGreaterThanOrEqual(Date.parse(p.updatedAt));
    expect((await t.app.inject(`/api/properties/${p.id}`)).json<Property>().title).toBe('Titre modifié');
  });

  it('answers 404 to PUT of an unknown id and 400 to invalid data, changing nothing', async () => {
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/api/properties/999999',
        headers: t.auth,
        payload: propertyInput(),
      }),
      404,
    );
    const p = await createProperty(t, { title: 'Intact' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload: { ...propertyInput(), price: 'abc' },
    });
    expectError(bad, 400);
    const unknownAgent = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload: propertyInput({ managerId: 999_999 }),
    });
    expectError(unknownAgent, 400);
    expect((await t.app.inject(`/api/properties/${p.id}`)).json()).toEqual(p);
  });

  it('sets each of the four statuses with PATCH status', async () => {
    const p = await createProperty(t);
    for (const status of ['hot', 'sold', 'unavailable', 'available'] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/properties/${p.id}/status`,
        headers: t.auth,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Property>().status).toBe(status);
      expect((await t.app.inject(`/api/properties/${p.id}`)).json<Property>().status).toBe(status);
    }
    const patch = (url: string, status: string) =>
      t.app.inject({ method: 'PATCH', url, headers: t.auth, payload: { status } });
    expectError(await patch(`/api/properties/${p.id}/status`, 'deleted'), 400);
    expectError(await patch('/api/properties/999999/status', 'sold'), 404);
  });

  it('deletes with 204, then answers 404; messages and visit requests about it stay', async () => {
    const p = await createProperty(t);
    const message = await createMessage(t, { propertyId: p.id });
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/mail/send-visit',
      remoteAddress: nextIp(),
      payload: visitInput({ url: `/property/${p.id}` }),
    });
    expect(visit.json<VisitRequest>().propertyId).toBe(p.id);
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/properties/${p.id}`, headers: t.auth });
    const res = await del();
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await t.app.inject(`/api/properties/${p.id}`), 404);
    expectError(await del(), 404);
    const kept = await t.app.inject({ url: `/api/messages/${message.id}`, headers: t.auth });
    expect(kept.json<Message>()).toMatchObject({ id: message.id, propertyId: null });
    const visits = (await t.app.inject({ url: '/api/visits', headers: t.auth })).json<{
      data: VisitRequest[];
    }>().data;
    expect(visits.find((v) => v.id === visit.json<VisitRequest>().id)?.propertyId).toBeNull();
  });
});

describe('PATCH /api/properties/{id}/view', () => {
  it('increments the count and stamps the last view, publicly', async () => {
    const p = await createProperty(t);
    const before = Date.now();
    expect((await view(p.id)).json()).toEqual({ id: p.id, viewCount: 1 });
    expect((await view(p.id)).json()).toEqual({ id: p.id, viewCount: 2 });
    const seen = (await t.app.inject(`/api/properties/${p.id}`)).json<Property>();
    expect(seen.viewCount).toBe(2);
    expect(Date.parse(seen.lastViewedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('counts 50 concurrent visitors exactly', async () => {
    const p = await createProperty(t);
    const results = await Promise.all(Array.from({ length: 50 }, () => view(p.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.json<{ viewCount: number }>().viewCount)).size).toBe(50);
    expect((await t.app.inject(`/api/properties/${p.id}`)).json<Property>().viewCount).toBe(50);
  });

  // 60 a minute from one address, a new visitor per User-Agent, inflated the count at will.
  it('counts a visitor once a listing a day, and at most three browsers of one address', async () => {
    const [p, other] = [await createProperty(t), await createProperty(t)];
    const from = (ip: string, agent = 'Phone') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/properties/${p.id}/view`,
        remoteAddress: ip,
        headers: { 'user-agent': agent },
      });
    for (let i = 0; i < 5; i++) expect((await from('10.251.0.1')).json()).toEqual({ id: p.id, viewCount: 1 });
    // Another listing is another count.
    expect((await view(other.id, '10.251.0.1')).json()).toEqual({ id: other.id, viewCount: 1 });
    // A script changing its User-Agent at each request: three browsers of one address at most.
    for (let i = 0; i < 10; i++) await from('10.251.0.1', `Agent ${i}`);
    // Two phones of one IPv6 /64 with the same browser are one visitor; another /64 is another.
    await from('2c0f:f4c0:1:2::10');
    await from('2c0f:f4c0:1:2::11');
    await from('2c0f:f4c0:1:3::10');
    expect((await t.app.inject(`/api/properties/${p.id}`)).json<Property>().viewCount).toBe(5);
  });

  it('answers 404 for an unknown id and 400 for an invalid one', async () => {
    expectError(await view(999_999), 404);
    expectError(await view('abc'), 400);
  });
});

describe('invalid input is refused with 4xx and nothing stored', () => {
  const base = propertyInput();
  const without = (key: keyof typeof base) =>
    Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
  const cases: [string, unknown][] = [
    ...(['title', 'description', 'price', 'area', 'address', 'state'] as const).map(
      (k): [string, unknown] => [`missing ${k}`, without(k)],
    ),
    ['price "abc"', { ...base, price: 'abc' }],
    ['negative price', { ...base, price: -1 }],
    ['negative area', { ...base, area: -10 }],
    ['bedrooms 2.5', { ...base, bedrooms: 2.5 }],
    ['currency GBP', { ...base, currency: 'GBP' }],
    ['type lease', { ...base, type: 'lease' }],
    ['category castle', { ...base, category: 'castle' }],
    ['status deleted', { ...base, status: 'deleted' }],
    ['commune not among the 24', { ...base, state: 'Paris' }],
    ['title of 10 000 characters', { ...base, title: 'x'.repeat(10_000) }],
    ['empty title', { ...base, title: '   ' }],
    ['javascript: media url', { ...base, media: [{ type: 'image', url: 'javascript:alert(1)' }] }],
    [
      'data: media url',
      { ...base, media: [{ type: 'image', url: 'data:text/html,<script>alert(1)</script>' }] },
    ],
    ['lat without long', { ...base, lat: -4.3 }],
    ['lat out of range', { ...base, lat: 123, long: 15 }],
    ['control character in title', { ...base, title: 'Villa\u0000 piégée' }],
    ['bell character in title', { ...base, title: 'Villa \u0007' }],
    ['features not a list', { ...base, features: 'forage, parking' }],
    ['featured as a string', { ...base, featured: 'yes' }],
    ['an array body', [base]],
  ];

  it.each(cases)('%s → 400', async (_name, payload) => {
    const before = await countProperties(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: t.auth,
      payload: payload as object,
    });
    expectError(res, 400);
    expect(await countProperties(t)).toBe(before);
  });

  it.each([
    ['a body that is not JSON → 400', 'application/json', '{"title": "Villa",', [400]],
    ['an empty JSON body → 400', 'application/json', '', [400]],
    [
      'a body of 2 MB → 413',
      'application/json',
      JSON.stringify({ ...base, description: 'x'.repeat(2_000_000) }),
      [413],
    ],
    // Fastify parses text/plain into a string by default, which then fails validation: 400 is acceptable there.
    ['a text/plain body → 415 or 400', 'text/plain', JSON.stringify(base), [415, 400]],
    ['a form-encoded body → 415', 'application/x-www-form-urlencoded', 'title=Villa&price=1', [415]],
    ['an XML body → 415', 'application/xml', '<property><title>Villa</title></property>', [415]],
  ] as const)('%s', async (_name, contentType, body, statuses) => {
    const before = await countProperties(t);
    const headers = { ...t.auth, 'content-type': contentType };
    const res = await t.app.inject({ method: 'POST', url: '/api/properties', headers, payload: body });
    expect(statuses, res.body).toContain(res.statusCode);
    expectError(res, res.statusCode);
    expect(await countProperties(t)).toBe(before);
  });
});

describe('GET /api/properties/versions', () => {
  // A new address each time: a view leaves the server's read cache as it is (read-cache.ts).
  let read = 0;
  const versions = async () => {
    const res = await t.app.inject(`/api/properties/versions?read=${read++}`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map(res.json<{ data: [number, string][] }>().data);
  };

  it('lists every listing newest first, and a version changes with the listing and its agent, not a view', async () => {
    const member = await createMember(t);
    const p = await createProperty(t, { managerId: member.id });
    const first = await versions();
    const { data } = (await t.app.inject('/api/properties?limit=100')).json<{ data: Property[] }>();
    expect([...first.keys()].slice(0, data.length)).toEqual(data.map((x) => x.id));
    expect((await view(p.id)).statusCode).toBe(200);
    expect((await versions()).get(p.id)).toBe(first.get(p.id));

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload: propertyInput({ managerId: member.id, title: 'Titre changé' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const second = await versions();
    expect(second.get(p.id)).not.toBe(first.get(p.id));

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/${member.id}/toggle-status`,
      headers: t.auth,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await versions()).get(p.id)).not.toBe(second.get(p.id));
  });
});
