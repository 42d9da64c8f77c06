// On-site checks (who, when, audited, staff-only identity), the availability date,
// amenities (validated, filtered) and visitors' reports of listings (the contact form's route and limits).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Message, Property, PropertyVerification } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  countMessages,
  countProperties,
  createProperty,
  expectError,
  loginAsNew,
  messageInput,
  nextIp,
  propertyInput,
} from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const verify = (id: number | string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/properties/${id}/verify`, ...(headers ? { headers } : {}) });
const get = async (id: number) => (await t.app.inject({ url: `/api/properties/${id}` })).json<Property>();
const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/properties?${query}&limit=100`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Property[]; total: number }>();
};

describe('POST /api/properties/{id}/verify', () => {
  it('refuses visitors, and stores nothing', async () => {
    const p = await createProperty(t);
    expectError(await verify(p.id), 401);
    expect((await get(p.id)).verifiedAt).toBeNull();
  });

  it('lets an agent record a check: the date is public, the name staff-only, the audit row says who', async () => {
    const p = await createProperty(t, { title: 'Maison vérifiée' });
    const agent = await loginAsNew(t, 'agent', 'Agent Visiteur');
    const res = await verify(p.id, agent.auth);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json<PropertyVerification>();
    expect(v).toMatchObject({ id: p.id, verifiedBy: 'Agent Visiteur' });
    expect(Math.abs(Date.parse(v.verifiedAt!) - Date.now())).toBeLessThan(60_000);

    const pub = await t.app.inject({ url: `/api/properties/${p.id}` });
    expect(pub.json<Property>().verifiedAt).toBe(v.verifiedAt);
    expect(pub.body).not.toContain('Agent Visiteur');
    expect(pub.body).not.toContain('verifiedBy');

    expectError(await t.app.inject({ url: `/api/properties/${p.id}/verification` }), 401);
    const staff = await t.app.inject({ url: `/api/properties/${p.id}/verification`, headers: t.auth });
    expect(staff.json<PropertyVerification>()).toEqual(v);

    const audit = await t.app.inject({
      url: `/api/audit?entity=property&entityId=${p.id}&limit=10`,
      headers: t.auth,
    });
    expect(audit.json<{ data: AuditEntry[] }>().data[0]).toMatchObject({
      action: 'verify',
      actorId: agent.id,
      actorName: 'Agent Visiteur',
      label: 'Maison vérifiée',
    });
  });

  it('answers 404 in French for an unknown listing', async () => {
    expectError(await verify(2_000_000_000, t.auth), 404);
  });

  it('lists the listings to re-verify: never checked or checked 90 days ago or more', async () => {
    const never = await createProperty(t, { title: 'Jamais vérifiée' });
    const stale = await createProperty(t, { title: 'Vérifiée il y a longtemps' });
    const recent = await createProperty(t, { title: 'Vérifiée récemment' });
    await verify(stale.id, t.auth);
    await verify(recent.id, t.auth);
    await t.database.db.execute(
      sql`UPDATE properties SET verified_at = now() - interval '91 days' WHERE id = ${stale.id}`,
    );
    const due = (await list('verification=due')).data.map((p) => p.id);
    expect(due).toEqual(expect.arrayContaining([never.id, stale.id]));
    expect(due).not.toContain(recent.id);
    const fresh = (await list('verification=recent')).data.map((p) => p.id);
    expect(fresh).toContain(recent.id);
    expect(fresh).not.toContain(stale.id);
    expectError(await t.app.inject({ url: '/api/properties?verification=soon' }), 400);
  });
});

describe('amenities and availability date', () => {
  it('stores amenities once each in the list order, and the availability date', async () => {
    const p = await createProperty(t, {
      amenities: ['pool', 'generator', 'pool', 'waterTank'],
      availableFrom: '2026-12-01',
    });
    expect(p.amenities).toEqual(['generator', 'waterTank', 'pool']);
    expect(p.availableFrom).toBe('2026-12-01');
    // A PUT without the date clears it (the form sends the whole listing).
    const { availableFrom: _dropped, ...rest } = propertyInput({ amenities: ['guard'] });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload: rest,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Property>()).toMatchObject({ amenities: ['guard'], availableFrom: null });
  });

  it('refuses an unknown amenity or a bad date with a French message, and stores nothing', async () => {
    const before = await countProperties(t);
    for (const bad of [
      { amenities: ['helipad'] },
      { amenities: 'generator' },
      { availableFrom: '2026-02-30' },
      { availableFrom: '0202-01-01' },
      { availableFrom: 'demain' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: t.auth,
        payload: propertyInput(bad as object),
      });
      expectError(res, 400, JSON.stringify(bad));
    }
    expect(await countProperties(t)).toBe(before);
  });

  it('filters by several amenities at once (all required)', async () => {
    const both = await createProperty(t, { amenities: ['generator', 'borehole'] });
    const one = await createProperty(t, { amenities: ['generator'] });
    const ids = (await list('amenities=generator,borehole')).data.map((p) => p.id);
    expect(ids).toContain(both.id);
    expect(ids).not.toContain(one.id);
    expectError(await t.app.inject({ url: '/api/properties?amenities=generator,helipad' }), 400);
  });
});

describe('reports of a listing (POST /api/messages, kind report)', () => {
  const post = (payload: object, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/messages', remoteAddress, payload });

  it('stores a report naming the listing, listed under its own kind', async () => {
    const p = await createProperty(t);
    const res = await post(
      messageInput({ propertyType: 'report', propertyId: p.id, subject: 'Signalement', content: 'Arnaque' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<Message>();
    expect(m).toMatchObject({ propertyType: 'report', propertyId: p.id });
    const reports = await t.app.inject({ url: '/api/messages?propertyType=report', headers: t.auth });
    const data = reports.json<{ data: Message[] }>().data;
    expect(data.map((r) => r.id)).toContain(m.id);
    expect(data.every((r) => r.propertyType === 'report')).toBe(true);
  });

  it('refuses a report without its listing, in French, and stores nothing', async () => {
    const before = await countMessages(t);
    const res = await post(messageInput({ propertyType: 'report' }));
    expect(expectError(res, 400).message).toContain('annonce');
    expect(await countMessages(t)).toBe(before);
  });

  it('shares the contact form rate limit: 10 from one address, then 429', async () => {
    const p = await createProperty(t);
    const address = '10.98.98.98';
    const before = await countMessages(t);
    for (let i = 0; i < 10; i++) {
      const r = await post(messageInput({ propertyType: 'report', propertyId: p.id }), address);
      expect(r.statusCode, r.body).toBe(201);
    }
    expectError(await post(messageInput({ propertyType: 'report', propertyId: p.id }), address), 429);
    expect(await countMessages(t)).toBe(before + 10);
  });
});
