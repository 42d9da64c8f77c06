import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LoginResponse,
  Message,
  Property,
  TeamMember,
  UploadResponse,
  VisitRequest,
} from '../../src/contract/index.ts';
import { hashToken } from '../../src/server/services/tokens.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  createMember,
  createMessage,
  createProperty,
  expectError,
  loginAsNew,
  memberInput,
  messageInput,
  nextIp,
  propertyInput,
  visitInput,
} from '../helpers/fixtures.ts';
import { makeImage, uploadForm } from '../helpers/media.ts';

// Every protected call refuses every credential that is not a live session's token, and changes nothing;
// the public calls stay open.

let t: TestApp;
let property: Property;
let member: TeamMember;
let message: Message;
let media: UploadResponse;
let visit: VisitRequest;
let agentId: number;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  png = await makeImage('png', 64, 48);
  property = await createProperty(t);
  member = await createMember(t);
  message = await createMessage(t);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: t.auth,
    payload: uploadForm(png, 'a.png', 'image/png', 'image'),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  media = upload.json<UploadResponse>();
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/mail/send-visit',
    remoteAddress: nextIp(),
    payload: visitInput(),
  });
  visit = sent.json<VisitRequest>();
  agentId = (await loginAsNew(t, 'agent')).id;
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
const verify = (authorization: string) =>
  t.app.inject({ url: '/api/auth/verify', headers: { authorization } });

describe('the authentication wall', () => {
  const json = (method: InjectOptions['method'], url: string, payload?: object) => () => ({
    method,
    url,
    payload,
  });
  const calls: [string, () => InjectOptions][] = [
    ['POST /api/properties', () => json('POST', '/api/properties', propertyInput({ title: 'Intrus' }))()],
    [
      'PUT /api/properties/{id}',
      () => json('PUT', `/api/properties/${property.id}`, propertyInput({ title: 'Piraté' }))(),
    ],
    ['DELETE /api/properties/{id}', () => json('DELETE', `/api/properties/${property.id}`)()],
    [
      'PATCH /api/properties/{id}/status',
      () => json('PATCH', `/api/properties/${property.id}/status`, { status: 'sold' })(),
    ],
    ['POST /api/team', () => json('POST', '/api/team', memberInput())()],
    ['PUT /api/team/{id}', () => json('PUT', `/api/team/${member.id}`, memberInput({ name: 'Piraté' }))()],
    ['DELETE /api/team/{id}', () => json('DELETE', `/api/team/${member.id}`)()],
    ['PATCH /api/team/{id}/toggle-status', () => json('PATCH', `/api/team/${member.id}/toggle-status`)()],
    ['GET /api/messages', () => json('GET', '/api/messages')()],
    ['GET /api/messages/{id}', () => json('GET', `/api/messages/${message.id}`)()],
    [
      'PATCH /api/messages/{id}/status',
      () => json('PATCH', `/api/messages/${message.id}/status`, { status: 'closed' })(),
    ],
    ['DELETE /api/messages/{id}', () => json('DELETE', `/api/messages/${message.id}`)()],
    ['GET /api/dashboard/stats', () => json('GET', '/api/dashboard/stats')()],
    ['GET /api/dashboard/visits', () => json('GET', '/api/dashboard/visits')()],
    [
      'POST /api/media/upload',
      () => ({
        method: 'POST',
        url: '/api/media/upload',
        payload: uploadForm(png, 'x.png', 'image/png', 'image'),
      }),
    ],
    ['DELETE /api/media/{id}', () => json('DELETE', `/api/media/${media.id}`)()],
    ['GET /api/visits', () => json('GET', '/api/visits')()],
    [
      'PATCH /api/visits/{id}/status',
      () => json('PATCH', `/api/visits/${visit.id}/status`, { status: 'confirmed' })(),
    ],
    ['GET /api/accounts', () => json('GET', '/api/accounts')()],
    [
      'POST /api/accounts',
      () =>
        json('POST', '/api/accounts', {
          email: 'intrus@ndako.cd',
          name: 'Intrus',
          password: 'x'.repeat(16),
        })(),
    ],
    ['DELETE /api/accounts/{id}', () => json('DELETE', `/api/accounts/${agentId}`)()],
    ['GET /api/audit', () => json('GET', '/api/audit')()],
    ['GET /api/publish', () => json('GET', '/api/publish')()],
    ['POST /api/publish', () => json('POST', '/api/publish')()],
    ['POST /api/auth/logout', () => json('POST', '/api/auth/logout')()],
    ['GET /api/auth/verify', () => json('GET', '/api/auth/verify')()],
  ];

  const credentials: Record<string, () => Promise<string | undefined>> = {
    'no header': async () => undefined,
    'the literal "Bearer authenticated"': async () => 'Bearer authenticated',
    'a forged random token': async () => `Bearer ${randomBytes(32).toString('base64url')}`,
    'a Basic header': async () => 'Basic x',
    'a bare "Bearer"': async () => 'Bearer',
    'the token without "Bearer"': async () => t.token,
    'a revoked token': async () => {
      const { token } = (await login(t.adminEmail, t.adminPassword)).json<LoginResponse>();
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
      const userId = (await verify(t.auth.authorization)).json<{ user: { id: number } }>().user.id;
      await t.app.repos.accounts.createSession(userId, hashToken(token), new Date(Date.now() - 60_000));
      return `Bearer ${token}`;
    },
  };

  /** Everything the protected calls could change, read with the valid token. */
  const snapshot = async () => {
    const read = async (url: string) => (await t.app.inject({ url, headers: t.auth })).json<unknown>();
    return {
      properties: await read('/api/properties?limit=100'),
      team: await read('/api/team?limit=100'),
      messages: await read('/api/messages?limit=100'),
      visits: await read('/api/visits?limit=100'),
      accounts: await read('/api/accounts?limit=100'),
      audit: await read('/api/audit?limit=100'),
      publish: await read('/api/publish'),
      media: (await readdir(join(t.env.DATA_DIR, 'media'))).sort(),
      session: (await verify(t.auth.authorization)).statusCode,
    };
  };

  it.each(Object.keys(credentials))(
    'answers 401 with a message to every protected call with %s, changing nothing',
    async (name) => {
      const authorization = await credentials[name]!();
      const before = await snapshot();
      expect(before.media.length).toBeGreaterThan(0);
      for (const [label, call] of calls) {
        const options = call();
        const res = await t.app.inject({
          ...options,
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
        expectError(res, 401);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it('lets the same calls through with the valid token (the matrix tests the token, not the calls)', async () => {
    for (const [label, call] of calls.filter(([l]) => l.startsWith('GET'))) {
      const res = await t.app.inject({ ...call(), headers: t.auth });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
    }
  });

  it('keeps the public calls open without a token, and with a bad one', async () => {
    for (const authorization of [
      undefined,
      'Bearer authenticated',
      `Bearer ${randomBytes(32).toString('base64url')}`,
    ]) {
      const headers = authorization ? { authorization } : {};
      const call = (options: InjectOptions) => t.app.inject({ ...options, headers, remoteAddress: nextIp() });
      expect((await call({ url: '/api/properties' })).statusCode).toBe(200);
      expect((await call({ url: `/api/properties/${property.id}` })).statusCode).toBe(200);
      expect((await call({ url: '/api/team' })).statusCode).toBe(200);
      expect((await call({ url: `/api/team/${member.id}` })).statusCode).toBe(200);
      expect((await call({ method: 'PATCH', url: `/api/properties/${property.id}/view` })).statusCode).toBe(
        200,
      );
      expect((await call({ method: 'POST', url: '/api/messages', payload: messageInput() })).statusCode).toBe(
        201,
      );
      expect(
        (await call({ method: 'POST', url: '/api/mail/send-visit', payload: visitInput() })).statusCode,
      ).toBe(201);
      const pageview = { path: '/properties', session: 'session-public-1' };
      expect(
        (await call({ method: 'POST', url: '/api/analytics/pageview', payload: pageview })).statusCode,
      ).toBe(204);
      const res = await call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: t.adminEmail, password: t.adminPassword },
      });
      expect(res.statusCode).toBe(200);
      expect((await call({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    }
  });
});
