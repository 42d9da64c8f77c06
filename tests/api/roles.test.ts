import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createMessage, nextIp, visitInput } from '../helpers/fixtures.ts';

let t: TestApp;
let agent: { authorization: string };

const member = {
  name: 'Grâce Nsimba',
  role: 'Agent Junior',
  phone: '+243 81 000 0001',
  email: 'grace@ndako.cd',
};
const listing = {
  title: 'Studio à Lingwala',
  description: 'Studio meublé',
  price: 350,
  type: 'rent',
  area: 30,
  address: 'Av. Lukusa 3',
  state: 'Lingwala',
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.repos.accounts.create({
    email: 'agent@ndako.test',
    name: 'Agent',
    passwordHash: await hashPassword('agent password 1'),
    role: 'agent',
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'agent@ndako.test', password: 'agent password 1' },
  });
  agent = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
});
afterAll(() => t.close());

describe('roles enforced by the API', () => {
  it('lets an agent manage listings and read messages', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: agent,
      payload: listing,
    });
    expect(created.statusCode).toBe(201);
    const messages = await t.app.inject({ url: '/api/messages', headers: agent });
    expect(messages.statusCode).toBe(200);
  });

  it('lets an agent edit, re-status and delete listings, handle messages and visits, read the dashboard, publish', async () => {
    const headers = agent;
    const created = await t.app.inject({ method: 'POST', url: '/api/properties', headers, payload: listing });
    const id = created.json<{ id: number }>().id;
    const message = await createMessage(t);
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/mail/send-visit',
      remoteAddress: nextIp(),
      payload: visitInput(),
    });
    const visitId = visit.json<{ id: number }>().id;
    for (const [method, url, payload, status] of [
      ['PUT', `/api/properties/${id}`, { ...listing, price: 400 }, 200],
      ['PATCH', `/api/properties/${id}/status`, { status: 'hot' }, 200],
      ['GET', `/api/messages/${message.id}`, undefined, 200],
      ['PATCH', `/api/messages/${message.id}/status`, { status: 'read' }, 200],
      ['DELETE', `/api/messages/${message.id}`, undefined, 204],
      ['GET', '/api/visits', undefined, 200],
      ['PATCH', `/api/visits/${visitId}/status`, { status: 'confirmed' }, 200],
      ['GET', '/api/dashboard/stats', undefined, 200],
      ['GET', '/api/dashboard/visits', undefined, 200],
      ['DELETE', `/api/properties/${id}`, undefined, 204],
      ['POST', '/api/publish', undefined, 202],
      ['GET', '/api/publish', undefined, 200],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    }
    await t.app.publisher.settled();
    const [published] = (await t.app.inject({ url: '/api/audit?entity=site', headers: t.auth })).json<{
      data: { actorName: string }[];
    }>().data;
    expect(published?.actorName).toBe('Agent');
  });

  it('refuses accounts and the audit log to an agent with 403, changing nothing', async () => {
    const before = await t.app.inject({ url: '/api/accounts', headers: t.auth });
    const { id: agentId } = (await t.app.inject({ url: '/api/auth/verify', headers: agent })).json<{
      user: { id: number };
    }>().user;
    const newAccount = {
      email: 'complice@ndako.cd',
      name: 'Complice',
      password: 'x'.repeat(16),
      role: 'admin',
    };
    for (const [method, url, payload] of [
      ['GET', '/api/accounts', undefined],
      ['POST', '/api/accounts', newAccount],
      ['DELETE', `/api/accounts/${agentId}`, undefined],
      ['GET', '/api/audit', undefined],
      ['GET', '/api/audit?entity=account', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: agent, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Action réservée aux administrateurs');
    }
    expect((await t.app.inject({ url: '/api/accounts', headers: t.auth })).json()).toEqual(before.json());
  });

  it('refuses team management to an agent with 403, and stores nothing', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/team', headers: agent, payload: member });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Action réservée aux administrateurs');
    expect((await t.app.inject('/api/team')).json()).toMatchObject({ data: [], total: 0 });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/team',
      headers: t.auth,
      payload: member,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    for (const [method, url, payload] of [
      ['PUT', `/api/team/${id}`, member],
      ['PATCH', `/api/team/${id}/toggle-status`, undefined],
      ['DELETE', `/api/team/${id}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: agent, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.app.inject({ url: `/api/team/${id}`, headers: t.auth })).json()).toMatchObject({
      isActive: true,
      name: member.name,
    });
  });
});
