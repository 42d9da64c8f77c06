import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/contract/index.ts';
import { accounts, sessions } from '../../src/db/schema.ts';
import { env } from '../../src/env.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { hashToken } from '../../src/server/services/tokens.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { expectError, nextIp, propertyInput } from '../helpers/fixtures.ts';

// Login, verify, logout, the login rate limits and how passwords are stored. The wall itself: auth-wall.test.ts.

const WRONG = 'Email ou mot de passe incorrect';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
const verify = (authorization: string) =>
  t.app.inject({ url: '/api/auth/verify', headers: { authorization } });

describe('POST /api/auth/login', () => {
  it('returns an opaque random token of at least 128 bits, with its expiry and the user', async () => {
    const res = await login(t.adminEmail, t.adminPassword);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LoginResponse>();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(body.token).not.toContain('.');
    expect(body.token).not.toBe(t.token);
    expect(Buffer.from(body.token, 'base64url').toString('latin1')).not.toContain('admin');
    const hours = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.5);
    expect(hours).toBeLessThanOrEqual(12);
    expect(body.user).toEqual({
      id: expect.any(Number),
      email: t.adminEmail,
      name: 'Admin Test',
      role: 'admin',
    });
    const stored = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.tokenHash)).toContain(hashToken(body.token));
    expect(stored.map((s) => s.tokenHash)).not.toContain(body.token);
  });

  it('accepts the e-mail in any case', async () => {
    expect((await login(t.adminEmail.toUpperCase(), t.adminPassword)).statusCode).toBe(200);
  });

  it('answers 401 with the same message to a wrong password and an unknown e-mail', async () => {
    expect(expectError(await login(t.adminEmail, 'wrong password'), 401).message).toBe(WRONG);
    expect(expectError(await login('nobody@ndako.test', t.adminPassword), 401).message).toBe(WRONG);
    expect((await login(t.adminEmail, t.adminPassword)).statusCode).toBe(200);
  });

  it('answers 400 to a missing password or a malformed e-mail', async () => {
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: t.adminEmail } }),
      400,
    );
    expectError(await login('not-an-email', 'x'), 400);
    expectError(await login(t.adminEmail, ''), 400);
  });
});

describe('verify and logout', () => {
  it('verifies a live token, then revokes it on logout', async () => {
    const { token, expiresAt, user } = (await login(t.adminEmail, t.adminPassword)).json<LoginResponse>();
    const ok = await verify(`Bearer ${token}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ valid: true, expiresAt, user });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expectError(await verify(`Bearer ${token}`), 401);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { authorization: `Bearer ${token}` },
      payload: propertyInput(),
    });
    expectError(create, 401);
    expect((await verify(t.auth.authorization)).statusCode).toBe(200);
  });

  it('stops accepting a token when it expires', async () => {
    const token = randomBytes(32).toString('base64url');
    const userId = (await verify(t.auth.authorization)).json<{ user: { id: number } }>().user.id;
    await t.app.repos.accounts.createSession(userId, hashToken(token), new Date(Date.now() + 60_000));
    expect((await verify(`Bearer ${token}`)).statusCode).toBe(200);
    // Time passes: the session's expiry is moved a second into the past rather than waited for.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expectError(await verify(`Bearer ${token}`), 401);
  });
});

describe('login rate limiting', () => {
  const password = 'another long password';
  let hash: string;
  beforeAll(async () => {
    hash = await hashPassword(password);
    for (const email of ['lock1@ndako.test', 'lock2@ndako.test']) {
      await t.app.repos.accounts.create({ email, name: email, passwordHash: hash, role: 'agent' });
    }
  });

  it('blocks an account after 5 failures, even with the right password from another address', async () => {
    for (let i = 0; i < 5; i++) expectError(await login('lock1@ndako.test', `wrong ${i}`), 401);
    const res = await login('lock1@ndako.test', password);
    expect(expectError(res, 429).message).not.toBe(WRONG);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expectError(await verify(`Bearer ${randomBytes(32).toString('base64url')}`), 401);
  });

  it('blocks an address after 5 failures across different e-mails', async () => {
    const address = '10.77.0.1';
    for (let i = 0; i < 5; i++) expectError(await login(`unknown${i}@ndako.test`, 'guess', address), 401);
    const res = await login('unknown-more@ndako.test', 'guess', address);
    expectError(res, 429);
    expect(res.headers['retry-after']).toBeDefined();
    expectError(await login(t.adminEmail, t.adminPassword, address), 429);
    // Without TRUST_PROXY, a forged X-Forwarded-For does not make another address.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { email: t.adminEmail, password: t.adminPassword },
    });
    expectError(spoofed, 429);
    expect((await login(t.adminEmail, t.adminPassword, '10.77.0.2')).statusCode).toBe(200);
  });

  it('serialises parallel guesses on one account: at most 5 reach the password check', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login('lock2@ndako.test', `guess ${i}`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    for (const r of results) expectError(r, r.statusCode);
  });

  it('serialises parallel guesses from one address', async () => {
    const address = '10.77.0.3';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(`spray${i}@ndako.test`, 'guess', address)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });
});

describe('password storage', () => {
  // The suites run with a lowered SCRYPT_LOG2_N (vitest.config.ts); that production keeps N = 2^17 is
  // proved in src/server/services/passwords.test.ts.
  it('stores scrypt hashes (N = 2^SCRYPT_LOG2_N) that never contain the password', async () => {
    const rows = await t.database.db
      .select({ email: accounts.email, passwordHash: accounts.passwordHash })
      .from(accounts);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      expect(row.passwordHash.startsWith(`scrypt$${2 ** env().SCRYPT_LOG2_N}$8$1$`)).toBe(true);
      expect(row.passwordHash).not.toContain(t.adminPassword);
      expect(row.passwordHash).not.toContain('another long password');
    }
    const admin = rows.find((r) => r.email === t.adminEmail)!;
    const other = await hashPassword(t.adminPassword);
    expect(other).not.toBe(admin.passwordHash);
  });
});
