import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/contract/index.ts';
import { accounts } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { hashToken } from '../../src/server/services/tokens.ts';
import type { TestApp } from '../helpers/app.ts';
import { expectError, nextIp } from '../helpers/fixtures.ts';
import {
  buildWorldApp,
  ROUTES,
  servedCalls,
  validRequest,
  type Route,
  type World,
} from '../helpers/routes.ts';
import { snapshot } from '../helpers/snapshot.ts';

// Every protected call (every line of tests/helpers/routes.ts that is not public) refuses every credential
// that is not a live session's token with 401, and changes nothing; the public calls stay open.

let t: TestApp;
let w: World;
let routes: Route[];
let guarded: Route[];

beforeAll(async () => {
  ({ t, w, routes } = await buildWorldApp());
  guarded = routes.filter((r) => r.access !== 'public');
});
afterAll(() => t.close());

const login = async (email: string, password: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LoginResponse>();
};
const adminId = async () =>
  (await t.app.inject({ url: '/api/auth/verify', headers: t.auth })).json<{ user: { id: number } }>().user.id;

/** Sends the valid request of each call with `authorization` and expects `status`, changing nothing. */
async function expectWall(calls: Route[], authorization: string | undefined, status: number, label: string) {
  const before = await snapshot(t);
  for (const route of calls) {
    const request = validRequest(route, w);
    const res = await t.app.inject({
      ...request,
      headers: authorization === undefined ? {} : { authorization },
    });
    expectError(res, status, `${route.call} with ${label}`);
  }
  expect(await snapshot(t)).toEqual(before);
}

describe('the route table', () => {
  it('has a line for every call the app serves (add one to tests/helpers/routes.ts for a new call)', async () => {
    const listed = new Set(ROUTES.map((r) => r.call));
    const served = await servedCalls(t);
    expect([...served].filter((call) => !listed.has(call))).toEqual([]);
    // And the other way: every line of the table is a call the app serves (a stale line would test nothing).
    expect([...listed].filter((call) => !served.has(call))).toEqual([]);
    expect(guarded.length).toBeGreaterThanOrEqual(19);
  });
});

describe('the authentication wall', () => {
  const credentials: Record<string, () => Promise<string | undefined>> = {
    'no header': async () => undefined,
    'the literal "Bearer authenticated"': async () => 'Bearer authenticated',
    'the literal "authenticated"': async () => 'authenticated',
    'a forged random token': async () => `Bearer ${randomBytes(32).toString('base64url')}`,
    'a Basic header': async () =>
      `Basic ${Buffer.from(`${t.adminEmail}:${t.adminPassword}`).toString('base64')}`,
    'a bare "Bearer"': async () => 'Bearer',
    'the token without "Bearer"': async () => t.token,
    'the token with one character less': async () => `Bearer ${t.token.slice(0, -1)}`,
    'the token twice': async () => `Bearer ${t.token} ${t.token}`,
    'the token with a trailing space': async () => `Bearer ${t.token} `,
    "the token's SHA-256 (what the database keeps)": async () => `Bearer ${hashToken(t.token)}`,
    'a revoked token': async () => {
      const { token } = await login(t.adminEmail, t.adminPassword);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.statusCode).toBe(200);
      return `Bearer ${token}`;
    },
    'an expired token': async () => {
      const token = randomBytes(32).toString('base64url');
      await t.app.repos.accounts.createSession(
        await adminId(),
        hashToken(token),
        new Date(Date.now() - 60_000),
      );
      return `Bearer ${token}`;
    },
    'the token of a deactivated account': async () => {
      const email = `parti.${Math.random().toString(36).slice(2)}@ndako.test`;
      const { id } = await t.app.repos.accounts.create({
        email,
        name: 'Parti',
        passwordHash: await hashPassword('departed password 1'),
        role: 'admin',
      });
      const { token } = await login(email, 'departed password 1');
      await t.database.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, id));
      return `Bearer ${token}`;
    },
  };

  it.each(Object.keys(credentials))(
    'answers 401 with a message to every protected call with %s, changing nothing',
    async (name) => {
      await expectWall(guarded, await credentials[name]!(), 401, name);
    },
  );

  it('answers 401 to generated forged Authorization headers, changing nothing', async () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 300,
    });
    const header = fc.oneof(
      printable,
      printable.map((s) => `Bearer ${s}`),
      fc
        .uint8Array({ minLength: 15, maxLength: 150 })
        .map((b) => `Bearer ${Buffer.from(b).toString('base64url')}`),
      fc.constantFrom('Bearer null', 'Bearer undefined', "Bearer ' OR '1'='1", 'Bearer %00', 'Bearer ../../'),
    );
    const before = await snapshot(t);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...guarded), header, async (route, authorization) => {
        const res = await t.app.inject({ ...validRequest(route, w), headers: { authorization } });
        expectError(res, 401, `${route.call} with ${JSON.stringify(authorization)}`);
      }),
      { numRuns: 300 },
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it("answers 403 to an agent's token on the admins' calls, changing nothing", async () => {
    const { token } = await login(w.agent.email, w.agent.password);
    await expectWall(
      guarded.filter((r) => r.access === 'admin'),
      `Bearer ${token}`,
      403,
      "an agent's token",
    );
  });

  it('keeps the public calls open without a token, and with a bad one', async () => {
    for (const authorization of [
      undefined,
      'Bearer authenticated',
      `Bearer ${randomBytes(32).toString('base64url')}`,
    ]) {
      for (const route of routes.filter((r) => r.access === 'public')) {
        const res = await t.app.inject({
          ...validRequest(route, w),
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, `${route.call}: ${res.body}`).toBeLessThan(300);
      }
    }
  });

  it('lets every call through with a live token (the matrix tests the token, not the requests)', async () => {
    const { token } = await login(t.adminEmail, t.adminPassword);
    // Deletions after the calls that use their records, logging out last.
    const rank = (r: Route) => (r.call === 'POST /api/auth/logout' ? 2 : r.call.startsWith('DELETE') ? 1 : 0);
    for (const route of [...routes].sort((a, b) => rank(a) - rank(b))) {
      const request = validRequest(route, w);
      const res = await t.app.inject({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, `${route.call}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${route.call}: ${res.body}`).toBeLessThan(300);
    }
    // The publish it asked for runs on in the background, switching and pruning DATA_DIR's site folders:
    // the next test reads DATA_DIR whole (it once found a folder gone between listing and reading it).
    await t.app.publisher.settled();
  });
});

describe('the snapshot these checks compare', () => {
  it('sees one changed field and a new file, and the same again once they are undone', async () => {
    const [admin] = await t.database.db.select().from(accounts).limit(1);
    const rename = (name: string) =>
      t.database.db.update(accounts).set({ name }).where(eq(accounts.id, admin!.id));
    const before = (await snapshot(t, ['accounts']))['accounts'];
    await rename(`${admin!.name}.`);
    expect((await snapshot(t, ['accounts']))['accounts']).not.toEqual(before);
    await rename(admin!.name);
    expect((await snapshot(t, ['accounts']))['accounts']).toEqual(before);
    await writeFile(join(t.env.DATA_DIR, 'stray.txt'), 'x');
    expect((await snapshot(t, []))['DATA_DIR']).toContain('stray.txt');
    await rm(join(t.env.DATA_DIR, 'stray.txt'));
    expect((await snapshot(t, []))['DATA_DIR']).not.toContain('stray.txt');
  });
});
