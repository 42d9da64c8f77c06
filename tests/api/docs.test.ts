import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocs, parseEnv } from '../../src/env.ts';
import { buildBareApp, buildTestApp, type TestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every call of spec §7 and of the admin, under /api, in OpenAPI's path syntax. */
const SPEC_CALLS: Record<string, string[]> = {
  '/api/auth/login': ['post'],
  '/api/auth/logout': ['post'],
  '/api/auth/verify': ['get'],
  '/api/properties': ['get', 'post'],
  '/api/properties/{id}': ['get', 'put', 'delete'],
  '/api/properties/{id}/status': ['patch'],
  '/api/properties/{id}/view': ['patch'],
  '/api/team': ['get', 'post'],
  '/api/team/{id}': ['get', 'put', 'delete'],
  '/api/team/{id}/toggle-status': ['patch'],
  '/api/team/{id}/reassign': ['post'],
  '/api/messages': ['get', 'post'],
  '/api/messages/{id}': ['get', 'delete'],
  '/api/messages/{id}/status': ['patch'],
  '/api/mail/send-visit': ['post'],
  '/api/dashboard/stats': ['get'],
  '/api/dashboard/visits': ['get'],
  '/api/dashboard/leads': ['get'],
  '/api/analytics/tap': ['post'],
  '/api/media/upload': ['post'],
  '/api/media/{id}': ['delete'],
  // The admin's own calls beyond the spec.
  '/api/visits': ['get'],
  '/api/visits/{id}/status': ['patch'],
  '/api/accounts': ['get', 'post'],
  '/api/accounts/{id}': ['delete'],
  '/api/audit': ['get'],
  '/api/publish': ['get', 'post'],
};

describe('OpenAPI', () => {
  it('serves the browsable documentation at /api/docs', async () => {
    let res = await t.app.inject('/api/docs');
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const location = new URL(String(res.headers.location), 'http://localhost/api/docs');
      res = await t.app.inject(location.pathname + location.search);
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.toLowerCase()).toContain('swagger');
  });

  it('describes every call of the specification', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    for (const [path, methods] of Object.entries(SPEC_CALLS)) {
      expect(doc.paths, path).toHaveProperty([path]);
      for (const method of methods)
        expect(doc.paths[path], `${method.toUpperCase()} ${path}`).toHaveProperty([method]);
    }
  });

  it('documents the request bodies from the contract', async () => {
    type Op = {
      requestBody?: {
        content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
      };
    };
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, Op>> }>();
    const create = doc.paths['/api/properties']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(create?.properties ?? {})).toEqual(
      expect.arrayContaining(['title', 'price', 'currency', 'state', 'managerId']),
    );
    expect(create?.required).toEqual(
      expect.arrayContaining(['title', 'price', 'area', 'address', 'state', 'description']),
    );
    const message = doc.paths['/api/messages']?.post?.requestBody?.content['application/json']?.schema;
    expect(message?.required).toEqual(
      expect.arrayContaining(['senderName', 'senderEmail', 'subject', 'content']),
    );
  });
});

describe('API_DOCS', () => {
  const docsStatus = async (vars: Record<string, string>) => {
    const other = await buildBareApp(vars);
    try {
      const [page, json] = await Promise.all([
        other.app.inject('/api/docs'),
        other.app.inject('/api/docs/json'),
      ]);
      return [page.statusCode, json.statusCode];
    } finally {
      await other.close();
    }
  };

  it('turns the description off', { timeout: 90_000 }, async () => {
    expect(await docsStatus({ API_DOCS: 'false' })).toEqual([404, 404]);
  });

  it('is off in production unless asked for, on elsewhere', () => {
    const on = (vars: Record<string, string>) => apiDocs(parseEnv(vars));
    expect(on({ NODE_ENV: 'production' })).toBe(false);
    expect(on({ NODE_ENV: 'production', API_DOCS: 'true' })).toBe(true);
    expect(on({ NODE_ENV: 'development' })).toBe(true);
    expect(on({ NODE_ENV: 'development', API_DOCS: 'false' })).toBe(false);
  });
});

describe('health and unknown routes', () => {
  it('answers GET /api/health with { status: "ok" }', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/properties/1/publish'],
    ['GET', '/api/'],
    ['DELETE', '/api/team'],
  ] as const)('answers %s %s with a 404 JSON message', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: t.auth });
    expectError(res, 404);
  });
});
