import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

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
    expect((await t.app.inject(`/api/team/${id}`)).json()).toMatchObject({
      isActive: true,
      name: member.name,
    });
  });
});
