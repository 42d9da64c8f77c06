import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('smoke', () => {
  it('answers health', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.json()).toEqual({ status: 'ok' });
  });
  it('creates and lists a property', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: t.auth,
      payload: {
        title: 'Villa test',
        description: 'Belle villa',
        price: 1000,
        area: 100,
        address: 'Av. X',
        state: 'Gombe',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.app.inject('/api/properties?q=villa');
    expect(list.json().total).toBe(1);
  });
});

describe('errors of Fastify itself', () => {
  it.each([
    ['an URL that does not decode', 'GET', '/api/properties/%ff', 400],
    ['a lone %', 'DELETE', '/api/messages/%', 400],
    ['a parameter over 200 characters', 'DELETE', `/api/properties/${'9'.repeat(201)}`, 414],
    ['a double slash', 'GET', '/api//properties', 403],
  ] as const)(
    'answer %s with the JSON of every error and a French message',
    async (_what, method, url, status) => {
      expectError(await t.app.inject({ method, url }), status);
      expectError(await t.app.inject({ method, url, headers: t.auth }), status);
    },
  );
});
