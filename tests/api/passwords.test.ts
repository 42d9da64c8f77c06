import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_CHANGE_REQUIRED,
  type AuditEntry,
  type LoginResponse,
  type Page,
  type PasswordResetResponse,
} from '../../src/contract/index.ts';
import { accounts } from '../../src/db/schema.ts';
import { parseEnv } from '../../src/env.ts';
import { initialise } from '../../src/server/bootstrap.ts';
import { createRepositories } from '../../src/server/context.ts';
import { openTestDatabase, type TestApp } from '../helpers/app.ts';
import { expectError, loginAsNew, nextIp } from '../helpers/fixtures.ts';
import { buildWorldApp, validRequest, type Route, type World } from '../helpers/routes.ts';
import { snapshot } from '../helpers/snapshot.ts';

// Change of password, an admin's reset and the single-use first password.

let t: TestApp;
let w: World;
let routes: Route[];
beforeAll(async () => {
  ({ t, w, routes } = await buildWorldApp());
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
const bearer = (res: { json: <T>() => T }) => ({
  authorization: `Bearer ${res.json<LoginResponse>().token}`,
});
const changePassword = (headers: Record<string, string>, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers,
    payload: { currentPassword, newPassword },
  });
const reset = (id: number, payload: object = {}, headers = t.auth) =>
  t.app.inject({ method: 'POST', url: `/api/accounts/${id}/reset-password`, headers, payload });
const verify = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/verify', headers });
const auditOf = async (id: number) =>
  (await t.app.inject({ url: `/api/audit?entity=account&entityId=${id}`, headers: t.auth })).json<
    Page<AuditEntry>
  >().data;

describe('POST /api/auth/change-password', () => {
  it('checks the current password and the policy, then keeps this session and ends the others', async () => {
    const me = await loginAsNew(t, 'agent');
    const other = bearer(await login(me.email, 'staff password 123'));
    expect(expectError(await changePassword(me.auth, 'not it', 'a brand new password'), 400).message).toBe(
      'Mot de passe actuel incorrect',
    );
    expectError(await changePassword(me.auth, 'staff password 123', 'short'), 400);
    expectError(await changePassword(me.auth, 'staff password 123', 'staff password 123'), 400);
    expect((await verify(other)).statusCode).toBe(200);

    const res = await changePassword(me.auth, 'staff password 123', 'a brand new password');
    expect(res.statusCode, res.body).toBe(200);
    expect((await verify(me.auth)).statusCode).toBe(200);
    expectError(await verify(other), 401);
    expectError(await login(me.email, 'staff password 123'), 401);
    expect((await login(me.email, 'a brand new password')).statusCode).toBe(200);
    expect((await auditOf(me.id))[0]).toMatchObject({
      actorId: me.id,
      action: 'update',
      entity: 'account',
      detail: 'mot de passe changé',
    });
  });
});

describe('an admin resets a staff account', () => {
  it('generates a temporary password shown once, ends the sessions and forces a change', async () => {
    const agent = await loginAsNew(t, 'agent');
    const res = await reset(agent.id);
    expect(res.statusCode, res.body).toBe(200);
    const { temporaryPassword, generated } = res.json<PasswordResetResponse>();
    expect(generated).toBe(true);
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(16);
    expectError(await verify(agent.auth), 401);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, agent.id));
    expect(row!.passwordHash).not.toContain(temporaryPassword);
    expect(row!.mustChangePassword).toBe(true);
    expect((await auditOf(agent.id))[0]).toMatchObject({
      actorName: 'Admin Test',
      action: 'update',
      detail: 'mot de passe réinitialisé',
    });

    const first = await login(agent.email, temporaryPassword);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<LoginResponse>().user.mustChangePassword).toBe(true);
    const session = bearer(first);
    const checked = await verify(session);
    expect(checked.statusCode).toBe(200);
    expect(checked.json<{ user: { mustChangePassword: boolean } }>().user.mustChangePassword).toBe(true);
    const blocked = await t.app.inject({ url: '/api/dashboard/stats', headers: session });
    expectError(blocked, 403);
    expect(blocked.json()).toMatchObject({ code: PASSWORD_CHANGE_REQUIRED });

    expect((await changePassword(session, temporaryPassword, 'my own password 1')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/dashboard/stats', headers: session })).statusCode).toBe(200);
    expect(
      (await login(agent.email, 'my own password 1')).json<LoginResponse>().user.mustChangePassword,
    ).toBe(false);
  });

  it('takes a temporary password the admin chose, under the same policy', async () => {
    const agent = await loginAsNew(t, 'agent');
    expectError(await reset(agent.id, { password: 'court' }), 400);
    const res = await reset(agent.id, { password: 'chosen by the admin' });
    expect(res.json()).toEqual({ temporaryPassword: 'chosen by the admin', generated: false });
    expect(
      (await login(agent.email, 'chosen by the admin')).json<LoginResponse>().user.mustChangePassword,
    ).toBe(true);
  });

  it('refuses an unknown account, the admin’s own, and agents', async () => {
    expectError(await reset(999_999), 404);
    expectError(await reset(t.adminId), 400);
    const agent = await loginAsNew(t, 'agent');
    expectError(await reset(w.agent.id, {}, agent.auth), 403);
  });
});

describe('an account that must change its password', () => {
  it('gets 403 with the flag on every call but change-password, verify and logout, changing nothing', async () => {
    const agent = await loginAsNew(t, 'admin');
    const password = (await reset(agent.id)).json<PasswordResetResponse>().temporaryPassword;
    const session = bearer(await login(agent.email, password));
    const allowed = ['POST /api/auth/change-password', 'GET /api/auth/verify', 'POST /api/auth/logout'];
    const before = await snapshot(t, ['properties', 'team_members', 'messages', 'visit_requests', 'media']);
    for (const route of routes.filter((r) => r.access !== 'public' && !allowed.includes(r.call))) {
      const res = await t.app.inject({ ...validRequest(route, w), headers: session });
      expectError(res, 403, route.call);
      expect(res.json(), route.call).toMatchObject({ code: PASSWORD_CHANGE_REQUIRED });
    }
    expect(await snapshot(t, ['properties', 'team_members', 'messages', 'visit_requests', 'media'])).toEqual(
      before,
    );
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session });
    expect(out.statusCode).toBe(200);
  });
});

describe('the first admin', () => {
  // One scratch database for both starts: the accounts are emptied between them (an empty database is
  // what a first start finds).
  let scratch: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    scratch = await openTestDatabase();
  }, 120_000);
  afterAll(() => scratch.drop());

  const firstStart = async (extra: Record<string, string>) => {
    const { database } = scratch;
    await database.db.delete(accounts);
    const env = parseEnv({ SEED: 'none', ADMIN_EMAIL: 'premier@ndako.test', ...extra });
    const repos = createRepositories(database, env);
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await initialise(database, repos, env, { info: () => {} } as never);
      const printed = write.mock.calls.map((c) => String(c[0])).join('');
      return { printed, account: await repos.accounts.findForLogin('premier@ndako.test') };
    } finally {
      write.mockRestore();
    }
  };

  it('must change a generated password at its first login', async () => {
    const { printed, account } = await firstStart({});
    expect(printed).toMatch(/password: \S{16}/);
    expect(account?.mustChangePassword).toBe(true);
  });

  it('keeps a password given in ADMIN_PASSWORD: the operator chose it', async () => {
    const { printed, account } = await firstStart({ ADMIN_PASSWORD: 'chosen by the operator' });
    expect(printed).toBe('');
    expect(account?.mustChangePassword).toBe(false);
  });
});
