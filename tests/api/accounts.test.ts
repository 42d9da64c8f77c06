import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, AuditEntry, LoginResponse } from '../../src/contract/index.ts';
import { accounts, sessions } from '../../src/db/schema.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { expectError, loginAsNew, nextIp } from '../helpers/fixtures.ts';

// Staff accounts, managed by admins: list, create (scrypt-hashed password), delete (with their sessions).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page = { data: AccountSummary[]; total: number; page: number; limit: number };
const list = async () => {
  const res = await t.app.inject({ url: '/api/accounts?limit=100', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/accounts', headers: t.auth, payload });
const remove = (id: number | string, headers = t.auth) =>
  t.app.inject({ method: 'DELETE', url: `/api/accounts/${id}`, headers });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
const input = (over: object = {}) => ({
  email: 'nadine@ndako.cd',
  name: 'Nadine Lukusa',
  password: 'un mot de passe solide',
  ...over,
});

describe('GET /api/accounts', () => {
  it('pages the accounts as summaries, with the last login', async () => {
    const page = await list();
    expect(Object.keys(page).sort()).toEqual(['data', 'limit', 'page', 'total']);
    const me = page.data.find((a) => a.id === t.adminId)!;
    expect(Object.keys(me).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'lastLoginAt',
      'mustChangePassword',
      'name',
      'role',
    ]);
    expect(me).toMatchObject({ email: t.adminEmail, name: 'Admin Test', role: 'admin' });
    expect(Date.now() - Date.parse(me.lastLoginAt!)).toBeLessThan(120_000);
  });
});

describe('POST /api/accounts', () => {
  it('creates an agent by default, hashes the password, and the account can log in', async () => {
    const res = await create(input({ email: ' Nadine@NDAKO.cd ' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AccountSummary>();
    expect(created).toMatchObject({ email: 'nadine@ndako.cd', name: 'Nadine Lukusa', role: 'agent' });
    expect(created.lastLoginAt).toBeNull();
    expect(res.body).not.toContain('mot de passe');

    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('solide');

    const session = await login('nadine@ndako.cd', 'un mot de passe solide');
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json<LoginResponse>().user.role).toBe('agent');
    const listed = (await list()).data.find((a) => a.id === created.id)!;
    expect(listed.lastLoginAt).not.toBeNull();
  });

  it('creates an admin when asked, and records the creation in the audit log', async () => {
    const res = await create(input({ email: 'chef@ndako.cd', name: 'Chef', role: 'admin' }));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<AccountSummary>();
    const log = await t.app.inject({ url: `/api/audit?entity=account&entityId=${id}`, headers: t.auth });
    expect(log.json<{ data: AuditEntry[] }>().data).toMatchObject([
      { action: 'create', actorId: t.adminId, label: 'Chef <chef@ndako.cd>', detail: 'admin' },
    ]);
  });

  it('answers 409 with a message to an e-mail already taken, in any case, storing nothing', async () => {
    const before = (await list()).total;
    const { message } = expectError(await create(input({ email: 'NADINE@ndako.cd' })), 409);
    expect(message).toMatch(/existe déjà/);
    expect((await list()).total).toBe(before);
  });

  it.each([
    ['a short password', { password: 'court' }],
    ['a bad e-mail', { email: 'nadine@' }],
    ['an unknown role', { role: 'owner' }],
    ['a blank name', { name: '  ' }],
    ['no password', { password: undefined }],
  ])('answers 400 to %s, storing nothing', async (_name, over) => {
    const before = (await list()).total;
    expectError(await create(input({ email: 'autre@ndako.cd', ...over })), 400);
    expect((await list()).total).toBe(before);
  });
});

describe('DELETE /api/accounts/{id}', () => {
  it('removes the account with its sessions, and records it', async () => {
    const agent = await loginAsNew(t, 'agent', 'Partant');
    expect((await t.app.inject({ url: '/api/auth/verify', headers: agent.auth })).statusCode).toBe(200);
    const res = await remove(agent.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expectError(await t.app.inject({ url: '/api/auth/verify', headers: agent.auth }), 401);
    expect(await t.database.db.$count(sessions, eq(sessions.accountId, agent.id))).toBe(0);
    expect((await list()).data.some((a) => a.id === agent.id)).toBe(false);
    const log = await t.app.inject({
      url: `/api/audit?entity=account&entityId=${agent.id}`,
      headers: t.auth,
    });
    expect(log.json<{ data: AuditEntry[] }>().data[0]).toMatchObject({ action: 'delete', detail: 'agent' });
  });

  it('refuses to remove your own account with 400', async () => {
    const { message } = expectError(await remove(t.adminId), 400);
    expect(message).toMatch(/propre compte/);
    expect((await list()).data.some((a) => a.id === t.adminId)).toBe(true);
  });

  it('never removes the last admin, not even when the only two remove each other at once', async () => {
    const fresh = await buildTestApp();
    try {
      const first = fresh.adminId;
      const second = await loginAsNew(fresh, 'admin');
      const del = (id: number, headers: { authorization: string }) =>
        fresh.app.inject({ method: 'DELETE', url: `/api/accounts/${id}`, headers });
      const [a, b] = await Promise.all([del(second.id, fresh.auth), del(first, second.auth)]);
      // One wins; the other is refused (409), or finds its own session already gone (401).
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes[0]).toBe(204);
      expect([401, 409]).toContain(codes[1]);
      const left = await fresh.database.db.select().from(accounts);
      expect(left.map((x) => x.role)).toEqual(['admin']);

      // The rule itself, without a race: the only admin left cannot be removed, whoever asks.
      const system = { id: null, name: 'Test' };
      const refused = fresh.app.repos.accounts.remove(left[0]!.id, system);
      await expect(refused).rejects.toMatchObject({ statusCode: 409 });
      expect(await fresh.database.db.$count(accounts)).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('answers 404 for an unknown account and 400 for a bad id', async () => {
    expectError(await remove(999_999), 404);
    expectError(await remove('abc'), 400);
  });
});
