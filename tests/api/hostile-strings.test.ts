import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { writeManifest } from '../helpers/site-builder.ts';

// Strings PostgreSQL cannot store (NUL, lone surrogates) and control characters must be refused as 400,
// never reach the database and come back as a 500.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The beacon counts only the pages the live site's manifest lists.
  await writeManifest(t.env.SITE_DIR);
});
afterAll(() => t.close());

const BAD = ['a\u0000b', 'x\ud800y', 'x\udc00', 'bell\u0007'];
const inFuture = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
const property = { title: 'T', description: 'D', price: 1, area: 2, address: 'A', state: 'Gombe' };

describe('strings the database cannot hold', () => {
  it('are refused in search boxes', async () => {
    // A lone surrogate cannot travel in a URL (it arrives as U+FFFD), so only the control characters apply.
    for (const bad of BAD.filter((b) => !/[\ud800-\udfff]/.test(b))) {
      for (const path of ['/api/properties', '/api/team', '/api/messages']) {
        const res = await t.app.inject({ url: path, query: { q: bad }, headers: t.auth });
        expect(res.statusCode, `${path} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.json().message).toMatch(/q/);
      }
    }
  });

  it('are refused in every kind of body field, and nothing is stored', async () => {
    for (const bad of BAD) {
      const calls = [
        { method: 'POST', url: '/api/properties', payload: { ...property, title: bad } },
        { method: 'POST', url: '/api/properties', payload: { ...property, features: ['Forage', bad] } },
        {
          method: 'POST',
          url: '/api/properties',
          payload: { ...property, media: [{ type: 'image', url: '/media/a.webp', title: bad }] },
        },
        {
          method: 'POST',
          url: '/api/properties',
          payload: { ...property, media: [{ type: '3d', url: `https://tour.example/${bad}` }] },
        },
        {
          method: 'POST',
          url: '/api/messages',
          payload: { senderName: 'A', senderEmail: 'a@b.cd', subject: 'S', content: bad },
        },
        {
          method: 'POST',
          url: '/api/team',
          payload: { name: bad, role: 'Assistant', phone: '0812345678', email: 'a@b.cd' },
        },
        {
          method: 'POST',
          url: '/api/mail/send-visit',
          payload: { name: 'A', visitDate: inFuture, telephone: '0812345678', url: `http://x/${bad}` },
        },
        {
          method: 'POST',
          url: '/api/analytics/pageview',
          payload: { path: `/${bad}`, session: 'abcdefgh12' },
        },
      ] as const;
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: t.auth });
        expect(res.statusCode, `${call.url} ${JSON.stringify(bad)} ${res.body}`).toBe(400);
      }
    }
    expect((await t.app.inject('/api/properties')).json().total).toBe(0);
    expect((await t.app.inject({ url: '/api/messages', headers: t.auth })).json().total).toBe(0);
    expect((await t.app.inject({ url: '/api/visits', headers: t.auth })).json().total).toBe(0);
    expect((await t.app.inject({ url: '/api/dashboard/visits', headers: t.auth })).json().pageViews).toBe(0);
  });

  it('keep accents, emoji and new lines in descriptions', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: t.auth,
      payload: { ...property, title: 'Villa à Ngaliema 🏡', description: 'Première ligne\n\tDeuxième ligne' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Villa à Ngaliema 🏡',
      description: 'Première ligne\n\tDeuxième ligne',
    });
  });
});
