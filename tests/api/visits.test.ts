import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Page, VisitRequest } from '../../src/contract/index.ts';
import { buildBareApp, buildTestApp, type TestApp } from '../helpers/app.ts';
import { createProperty, expectError, isoDay, nextIp, visitInput } from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const send = (payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/mail/send-visit', remoteAddress, payload: payload as object });
const visits = async () => {
  const res = await t.app.inject({ url: '/api/visits', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: VisitRequest[] }>().data;
};

describe('POST /api/mail/send-visit (public)', () => {
  it('stores the request, linked to the property of its page', async () => {
    const p = await createProperty(t);
    const payload = visitInput({ email: 'patrick@example.cd', url: `/property/${p.id}` });
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json<VisitRequest>();
    expect(v).toMatchObject({
      name: 'Patrick Mbala',
      visitDate: payload.visitDate,
      telephone: '+243 81 555 44 33',
      email: 'patrick@example.cd',
      url: `/property/${p.id}`,
      propertyId: p.id,
      status: 'new',
    });
    expect((await visits()).find((x) => x.id === v.id)).toEqual(v);
  });

  it.each([
    ['a localised property page', (id: number) => `/en/property/${id}/`, true],
    ['a property that does not exist', () => '/ln/property/999999', false],
  ])('reads the property id from %s', async (_name, url, linked) => {
    const p = await createProperty(t);
    const res = await send(visitInput({ url: url(p.id) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<VisitRequest>().propertyId).toBe(linked ? p.id : null);
  });

  it('accepts no url, an empty e-mail and a date with a time', async () => {
    const res = await send(visitInput({ email: '', url: '', visitDate: `${isoDay(10)}T14:30` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: null,
      url: null,
      propertyId: null,
      visitDate: `${isoDay(10)}T14:30`,
    });
  });

  it('accepts today and eleven months ahead', async () => {
    expect((await send(visitInput({ visitDate: isoDay(0) }))).statusCode).toBe(201);
    expect((await send(visitInput({ visitDate: isoDay(330) }))).statusCode).toBe(201);
  });
});

describe('invalid visit requests are refused with 400 and nothing stored', () => {
  const base = visitInput({ email: 'patrick@example.cd' });
  const without = (key: string) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
  it.each([
    ['missing name', without('name')],
    ['blank name', { ...base, name: ' ' }],
    ['missing visitDate', without('visitDate')],
    ['missing telephone', without('telephone')],
    ['a date in the past', { ...base, visitDate: isoDay(-10) }],
    ['a date two years ahead', { ...base, visitDate: isoDay(730) }],
    ['a date as DD/MM/YYYY', { ...base, visitDate: '21/11/2026' }],
    ['an impossible date', { ...base, visitDate: `${isoDay(30).slice(0, 4)}-13-45` }],
    ['a date in words', { ...base, visitDate: 'demain' }],
    ['a bad phone', { ...base, telephone: 'WhatsApp svp' }],
    ['a bad optional e-mail', { ...base, email: 'patrick@' }],
    ['a javascript: url', { ...base, url: 'javascript:alert(1)' }],
    ['a page of another site', { ...base, url: 'https://evil.example/property/1' }],
    ['an absolute address while PUBLIC_URL is not set', { ...base, url: 'http://localhost/property/1' }],
    ['a page that is not a listing', { ...base, url: '/contact' }],
    ['a listing address with a query', { ...base, url: '/property/1?note=Appelez le 0800 000 000' }],
    ['a protocol-relative address', { ...base, url: '//evil.example/property/1' }],
    // Matches the listing pattern, but no URL parser reads it: a 400 from the contract, not a 500.
    ['an address with an unclosed IPv6 host', { ...base, url: 'http://[::1/property/1' }],
    ['an address with a bad port', { ...base, url: 'https://ndako.cd:99999/property/1' }],
  ])('%s', async (_name, payload) => {
    const before = (await visits()).length;
    expectError(await send(payload), 400);
    expect((await visits()).length).toBe(before);
  });
});

describe('visit request page addresses with PUBLIC_URL', () => {
  let site: Awaited<ReturnType<typeof buildBareApp>>;
  beforeAll(async () => {
    site = await buildBareApp({ PUBLIC_URL: 'https://ndako.cd' });
  });
  afterAll(() => site.close());
  const sendTo = (url: string) =>
    site.app.inject({
      method: 'POST',
      url: '/api/mail/send-visit',
      remoteAddress: nextIp(),
      payload: visitInput({ url }),
    });

  it('accepts the listing pages of the site, as paths or absolute addresses', async () => {
    for (const url of ['https://ndako.cd/ln/property/5', 'https://ndako.cd/property/5/', '/en/property/5']) {
      expect((await sendTo(url)).statusCode, url).toBe(201);
    }
  });

  it('refuses absolute addresses on another host or scheme', async () => {
    for (const url of [
      'https://ndako.cd.evil.example/property/5',
      'http://ndako.cd/property/5',
      'https://evil.example/property/5',
    ]) {
      const res = await sendTo(url);
      expect(expectError(res, 400).message, url).toMatch(/seule une page d’annonce du site/);
    }
  });
});

describe('GET /api/visits', () => {
  it('needs a valid token', async () => {
    expectError(await t.app.inject('/api/visits'), 401);
    expectError(
      await t.app.inject({ url: '/api/visits', headers: { authorization: 'Bearer authenticated' } }),
      401,
    );
  });

  it('lists the requests, newest first', async () => {
    const first = (await send(visitInput({ name: 'Premier Visiteur' }))).json<VisitRequest>();
    const second = (await send(visitInput({ name: 'Second Visiteur' }))).json<VisitRequest>();
    const list = await visits();
    const order = list.map((v) => v.id);
    expect(order.indexOf(second.id)).toBeLessThan(order.indexOf(first.id));
    expect(order.indexOf(first.id)).toBeGreaterThanOrEqual(0);
  });
});

describe('rate limit of POST /api/mail/send-visit', () => {
  it('answers 429 after 10 requests from one address', async () => {
    const address = '10.88.88.88';
    for (let i = 0; i < 10; i++) expect((await send(visitInput(), address)).statusCode).toBe(201);
    const before = (await visits()).length;
    expectError(await send(visitInput(), address), 429);
    expect((await visits()).length).toBe(before);
  });
});

describe('PATCH /api/visits/{id}/status', () => {
  const patch = (id: number | string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/visits/${id}/status`, headers: t.auth, payload });

  it('sets the status and answers the visit request', async () => {
    const visit = (await send(visitInput({ name: 'Statut Visiteur' }))).json<VisitRequest>();
    for (const status of ['confirmed', 'done', 'cancelled', 'new'] as const) {
      const res = await patch(visit.id, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<VisitRequest>()).toEqual({ ...visit, status });
    }
    expect((await visits()).find((v) => v.id === visit.id)?.status).toBe('new');
  });

  it('answers 404 for an unknown id and 400 for a bad id or status, changing nothing', async () => {
    const visit = (await send(visitInput())).json<VisitRequest>();
    expectError(await patch(999_999, { status: 'done' }), 404);
    expectError(await patch('abc', { status: 'done' }), 400);
    for (const payload of [{ status: 'accepted' }, {}, { status: null }]) {
      expectError(await patch(visit.id, payload), 400);
    }
    expect((await visits()).find((v) => v.id === visit.id)?.status).toBe('new');
  });
});

describe('DELETE /api/visits/{id}', () => {
  it('erases the request with an audit row, then answers 404', async () => {
    const v = (await send(visitInput({ name: 'Effacée Surdemande' }))).json<VisitRequest>();
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/visits/${v.id}`, headers: t.auth });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/visits/${v.id}` })).statusCode).toBe(401);
    const res = await del();
    expect(res.statusCode, res.body).toBe(204);
    expect((await visits()).map((x) => x.id)).not.toContain(v.id);
    const audit = await t.app.inject({ url: `/api/audit?entity=visit&entityId=${v.id}`, headers: t.auth });
    expect(audit.json<Page<AuditEntry>>().data[0]).toMatchObject({
      action: 'delete',
      actorName: 'Admin Test',
      label: `Effacée Surdemande, ${v.visitDate}`,
    });
    expectError(await del(), 404);
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/visits/abc', headers: t.auth }), 400);
  });
});
