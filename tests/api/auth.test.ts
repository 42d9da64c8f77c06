import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/contract/index.ts';
import { and, eq, sql } from 'drizzle-orm';
import { accounts, loginFailures, sessions } from '../../src/db/schema.ts';
import { env } from '../../src/env.ts';
import { ADDRESS_MAX_FAILURES } from '../../src/server/services/login-throttle.ts';
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
      mustChangePassword: false,
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
    for (const email of ['lock1@ndako.test', 'lock2@ndako.test', 'lock3@ndako.test']) {
      await t.app.repos.accounts.create({ email, name: email, passwordHash: hash, role: 'agent' });
    }
  });
  const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);
  /** Moves the pair's failures `seconds` into the past, as if that time had gone by. */
  const age = (email: string, ip: string, seconds: number) =>
    t.database.db
      .update(loginFailures)
      .set({ at: sql`${loginFailures.at} - ${seconds} * interval '1 second'` })
      .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));

  it('locks the e-mail from the guessing address only: the owner elsewhere still gets in', async () => {
    const attacker = '10.77.1.1';
    for (let i = 0; i < 5; i++) expectError(await login('lock1@ndako.test', `wrong ${i}`, attacker), 401);
    const locked = await login('lock1@ndako.test', password, attacker);
    expect(expectError(locked, 429).message).toMatch(/Réessayez dans 1 minute/);
    expect(retryAfter(locked)).toBeGreaterThan(50);
    expect(retryAfter(locked)).toBeLessThanOrEqual(60);
    // Without TRUST_PROXY, a forged X-Forwarded-For does not make another address.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: attacker,
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { email: 'lock1@ndako.test', password },
    });
    expectError(spoofed, 429);
    expect((await login('lock1@ndako.test', password, '10.77.1.2')).statusCode).toBe(200);
    // Another account from the attacker's address is not locked by this pair.
    expect((await login(t.adminEmail, t.adminPassword, attacker)).statusCode).toBe(200);
    expectError(await login('lock1@ndako.test', password, attacker), 429);
  });

  it('makes each further failure double the wait: 1 minute, 2, 4', async () => {
    const address = '10.77.2.1';
    for (let i = 0; i < 5; i++) expectError(await login('lock2@ndako.test', `wrong ${i}`, address), 401);
    for (const minutes of [1, 2, 4]) {
      const locked = await login('lock2@ndako.test', password, address);
      expectError(locked, 429);
      expect(retryAfter(locked)).toBeGreaterThan(minutes * 60 - 10);
      expect(retryAfter(locked)).toBeLessThanOrEqual(minutes * 60);
      // Once the wait is over, one more try; wrong again, the next wait is twice as long.
      await age('lock2@ndako.test', address, minutes * 60 + 1);
      expectError(await login('lock2@ndako.test', `still wrong ${minutes}`, address), 401);
    }
    await age('lock2@ndako.test', address, 8 * 60 + 1);
    // The right password after the wait: in, and the pair's failures are forgotten.
    expect((await login('lock2@ndako.test', password, address)).statusCode).toBe(200);
    expectError(await login('lock2@ndako.test', 'wrong again', address), 401);
    expect((await login('lock2@ndako.test', password, address)).statusCode).toBe(200);
  });

  it('stops an address spraying many accounts, whatever the e-mails, not the others', async () => {
    const address = '10.77.3.1';
    for (let i = 0; i < ADDRESS_MAX_FAILURES - 1; i++) {
      await t.app.repos.accounts.recordFailure(`spray${i}@ndako.test`, address);
    }
    expectError(await login('spray-last@ndako.test', 'guess', address), 401);
    const res = await login('spray-more@ndako.test', 'guess', address);
    expectError(res, 429);
    expect(retryAfter(res)).toBeGreaterThan(14 * 60);
    expectError(await login(t.adminEmail, t.adminPassword, address), 429);
    expect((await login(t.adminEmail, t.adminPassword, '10.77.3.2')).statusCode).toBe(200);
  });

  it('serialises parallel guesses on one pair: at most 5 reach the password check', async () => {
    const address = '10.77.4.1';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login('lock3@ndako.test', `guess ${i}`, address)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    for (const r of results) expectError(r, r.statusCode);
  });

  it('serialises parallel guesses from one address across e-mails', async () => {
    const address = '10.77.5.1';
    for (let i = 0; i < ADDRESS_MAX_FAILURES - 3; i++) {
      await t.app.repos.accounts.recordFailure(`burst${i}@ndako.test`, address);
    }
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(`parallel${i}@ndako.test`, 'guess', address)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
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
