import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadStats } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  createMember,
  createMessage,
  createProperty,
  expectError,
  nextIp,
  sendVisit,
} from '../helpers/fixtures.ts';

// Taps on WhatsApp and telephone links counted once per visitor, listing, channel and day, and
// the figures per listing and per agent.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const tap = (channel: string, property: number | null, remoteAddress = nextIp(), agent = 'Phone') =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/tap',
    remoteAddress,
    headers: { 'user-agent': agent },
    payload: { channel, property },
  });
const view = (id: number, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'PATCH', url: `/api/properties/${id}/view`, remoteAddress });
const leads = async (period = '7d') => {
  const res = await t.app.inject({ url: `/api/dashboard/leads?period=${period}`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadStats>();
};

describe('POST /api/analytics/tap', () => {
  it('counts a tap once per visitor, listing, channel and day, and the agency’s own apart', async () => {
    const agent = await createMember(t, { name: 'Agent Tapé' });
    const p = await createProperty(t, { managerId: agent.id });
    const other = await createProperty(t);
    for (let i = 0; i < 4; i++) expect((await tap('whatsapp', p.id, '10.252.0.1')).statusCode).toBe(204);
    expect((await tap('call', p.id, '10.252.0.1')).statusCode).toBe(204);
    expect((await tap('whatsapp', p.id, '10.252.0.2')).statusCode).toBe(204);
    expect((await tap('call', other.id, '10.252.0.1')).statusCode).toBe(204);
    // A tap on the footer's WhatsApp: the agency's, in the total only.
    expect((await tap('whatsapp', null, '10.252.0.1')).statusCode).toBe(204);
    await view(p.id);
    await view(p.id);
    await sendVisit(t, p.id);
    await createMessage(t, { propertyType: 'rent', propertyId: p.id });
    // A report is no lead.
    await createMessage(t, { propertyType: 'report', propertyId: p.id });

    const s = await leads();
    const mine = s.listings.find((l) => l.id === p.id);
    expect(mine).toEqual({
      id: p.id,
      title: p.title,
      status: 'available',
      agentId: agent.id,
      views: 2,
      whatsapp: 2,
      calls: 1,
      visitRequests: 1,
      messages: 1,
      leads: 5,
      leadsPer100Views: 250,
    });
    expect(s.listings[0]!.id).toBe(p.id);
    expect(s.listings.find((l) => l.id === other.id)).toMatchObject({ calls: 1, leads: 1, views: 0 });
    expect(s.agents.find((a) => a.id === agent.id)).toMatchObject({ name: 'Agent Tapé', leads: 5, views: 2 });
    expect(s.total).toMatchObject({ whatsapp: 3, calls: 2, visitRequests: 1, messages: 1, leads: 7 });
  });

  it('keeps a sold listing’s history, and gives it over 30 days and since the start', async () => {
    const p = await createProperty(t);
    await tap('call', p.id);
    await view(p.id);
    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${p.id}/status`,
      headers: t.auth,
      payload: { status: 'sold' },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    for (const period of ['7d', '30d', 'all']) {
      const s = await leads(period);
      expect(s.period).toBe(period);
      expect(s.listings.find((l) => l.id === p.id)).toMatchObject({ status: 'sold', calls: 1, views: 1 });
    }
  });

  it('refuses an unknown listing with 404, a bad channel or id with 400, and counts nothing', async () => {
    const before = (await leads('all')).total;
    expectError(await tap('whatsapp', 999_999), 404);
    expectError(await tap('sms', null), 400);
    expectError(await tap('view', null), 400);
    expectError(await tap('call', -3), 400);
    expectError(await tap('call', 1.5), 400);
    expect((await leads('all')).total).toEqual(before);
    expectError(await t.app.inject({ url: '/api/dashboard/leads?period=year', headers: t.auth }), 400);
    expect((await t.app.inject({ url: '/api/dashboard/leads' })).statusCode).toBe(401);
  });
});
