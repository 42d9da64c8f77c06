import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  countMessages,
  createMessage,
  createProperty,
  expectError,
  messageInput,
  nextIp,
} from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type List = { data: Message[]; total: number; page: number; limit: number };
const list = async (query = '') => {
  const res = await t.app.inject({ url: `/api/messages?${query}`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<List>();
};
const post = (payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/messages', remoteAddress, payload: payload as object });
const setStatus = (id: number | string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/messages/${id}/status`, headers: t.auth, payload: { status } });

describe('POST /api/messages (public)', () => {
  it('stores a message with status new', async () => {
    const res = await post(messageInput({ senderEmail: '  Mireille@Example.CD ' }));
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<Message>();
    expect(m).toMatchObject({
      senderName: 'Mireille Kabila',
      senderEmail: 'mireille@example.cd',
      senderPhone: '+243 99 123 45 67',
      subject: 'Demande de renseignements',
      content: 'Bonjour, je cherche un appartement à Gombe.',
      propertyType: 'general',
      propertyId: null,
      status: 'new',
      repliedAt: null,
    });
    expect(Math.abs(Date.parse(m.createdAt) - Date.now())).toBeLessThan(10 * 60_000);
    const stored = await t.app.inject({ url: `/api/messages/${m.id}`, headers: t.auth });
    expect(stored.json()).toEqual(m);
  });

  it("accepts '' as an absent phone, and keeps propertyType and propertyId", async () => {
    const p = await createProperty(t);
    const m = await createMessage(t, { senderPhone: '', propertyType: 'rent', propertyId: p.id });
    expect(m).toMatchObject({ senderPhone: null, propertyType: 'rent', propertyId: p.id });
    const noPhone = await createMessage(t, { senderPhone: undefined });
    expect(noPhone.senderPhone).toBeNull();
  });

  it('keeps new lines in the content', async () => {
    const m = await createMessage(t, { content: 'Ligne 1\nLigne 2' });
    expect(m.content).toBe('Ligne 1\nLigne 2');
  });
});

describe('invalid messages are refused with 400 and nothing stored', () => {
  const base = messageInput();
  const without = (key: string) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
  it.each([
    ['missing senderName', without('senderName')],
    ['missing senderEmail', without('senderEmail')],
    ['missing subject', without('subject')],
    ['missing content', without('content')],
    ['blank subject', { ...base, subject: '   ' }],
    ['bad e-mail', { ...base, senderEmail: 'mireille@' }],
    ['bad phone', { ...base, senderPhone: 'pas de téléphone' }],
    ['unknown propertyType', { ...base, propertyType: 'steal' }],
    ['unknown propertyId', { ...base, propertyId: 999_999 }],
    ['content of 20 000 characters', { ...base, content: 'x'.repeat(20_000) }],
    ['control character in senderName', { ...base, senderName: 'Mireille\u001b[31m' }],
  ])('%s', async (_name, payload) => {
    const before = await countMessages(t);
    expectError(await post(payload), 400);
    expect(await countMessages(t)).toBe(before);
  });
});

describe('GET /api/messages', () => {
  it('needs a valid token', async () => {
    expectError(await t.app.inject('/api/messages'), 401);
    const m = await createMessage(t);
    expectError(await t.app.inject(`/api/messages/${m.id}`), 401);
    expectError(
      await t.app.inject({ url: '/api/messages', headers: { authorization: 'Bearer authenticated' } }),
      401,
    );
  });

  it('lists newest first in { data, total, page, limit } and pages', async () => {
    const made: Message[] = [];
    for (let i = 1; i <= 5; i++) made.push(await createMessage(t, { subject: `Pagination Zpg ${i}` }));
    const page1 = await list('q=Zpg&limit=2');
    expect(page1).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(page1.data.map((m) => m.subject)).toEqual(['Pagination Zpg 5', 'Pagination Zpg 4']);
    expect((await list('q=Zpg&limit=2&page=3')).data.map((m) => m.id)).toEqual([made[0]!.id]);
    expect((await list('q=Zpg&limit=2&page=4')).data).toEqual([]);
    const all = await list('limit=100');
    expect(all.data.length).toBe(all.total);
    for (const q of ['limit=101', 'page=0', 'status=archived']) {
      expectError(await t.app.inject({ url: `/api/messages?${q}`, headers: t.auth }), 400);
    }
  });

  it('filters with q (name, e-mail, subject, content) case-insensitively, literally', async () => {
    const a = await createMessage(t, { senderName: 'Zéphyrin Qmsg', subject: 'Achat' });
    const b = await createMessage(t, { senderEmail: 'qmsg.b@example.cd', subject: 'Location' });
    const c = await createMessage(t, { subject: 'Évaluation QMSG maison' });
    const d = await createMessage(t, { content: 'Je veux 100% qmsg_d de garanties' });
    const ids = (body: List) => body.data.map((m) => m.id).sort((x, y) => x - y);
    expect(ids(await list('q=qmsg'))).toEqual([a.id, b.id, c.id, d.id]);
    expect(ids(await list('q=ZÉPHYRIN'))).toEqual([a.id]);
    expect(ids(await list('q=qmsg.b%40example'))).toEqual([b.id]);
    expect(ids(await list('q=100%25%20qmsg_d'))).toEqual([d.id]);
    expect(ids(await list('q=qmsg%25'))).toEqual([]);
  });

  it('filters by status', async () => {
    const a = await createMessage(t, { subject: 'Statut Zst A' });
    const b = await createMessage(t, { subject: 'Statut Zst B' });
    await createMessage(t, { subject: 'Statut Zst C' });
    expect((await setStatus(a.id, 'read')).statusCode).toBe(200);
    expect((await setStatus(b.id, 'closed')).statusCode).toBe(200);
    expect((await list('q=Zst&status=read')).data.map((m) => m.id)).toEqual([a.id]);
    expect((await list('q=Zst&status=closed')).data.map((m) => m.id)).toEqual([b.id]);
    expect((await list('q=Zst&status=new')).total).toBe(1);
    expect((await list('q=Zst&status=replied')).total).toBe(0);
    expect((await list('status=new')).data.every((m) => m.status === 'new')).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for an invalid one', async () => {
    expectError(await t.app.inject({ url: '/api/messages/999999', headers: t.auth }), 404);
    expectError(await t.app.inject({ url: '/api/messages/abc', headers: t.auth }), 400);
  });
});

describe('PATCH /api/messages/{id}/status', () => {
  it('sets repliedAt on the first reply only, and keeps it on read and closed', async () => {
    const m = await createMessage(t);
    const read = await setStatus(m.id, 'read');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: m.id, status: 'read', repliedAt: null });
    const replied = (await setStatus(m.id, 'replied')).json<Message>();
    expect(replied.status).toBe('replied');
    expect(replied.repliedAt).not.toBeNull();
    expect(Math.abs(Date.parse(replied.repliedAt!) - Date.now())).toBeLessThan(10 * 60_000);
    for (const status of ['read', 'closed', 'replied', 'new']) {
      const res = (await setStatus(m.id, status)).json<Message>();
      expect(res).toMatchObject({ status, repliedAt: replied.repliedAt });
    }
    const stored = await t.app.inject({ url: `/api/messages/${m.id}`, headers: t.auth });
    expect(stored.json()).toMatchObject({ status: 'new', repliedAt: replied.repliedAt });
  });

  it('refuses an unknown status and an unknown id', async () => {
    const m = await createMessage(t);
    expectError(await setStatus(m.id, 'archived'), 400);
    expectError(await setStatus(999_999, 'read'), 404);
    const stored = await t.app.inject({ url: `/api/messages/${m.id}`, headers: t.auth });
    expect(stored.json<Message>().status).toBe('new');
  });
});

describe('DELETE /api/messages/{id}', () => {
  it('deletes with 204, then answers 404', async () => {
    const m = await createMessage(t);
    const before = await countMessages(t);
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/messages/${m.id}`, headers: t.auth });
    expect((await del()).statusCode).toBe(204);
    expect(await countMessages(t)).toBe(before - 1);
    expectError(await t.app.inject({ url: `/api/messages/${m.id}`, headers: t.auth }), 404);
    expectError(await del(), 404);
  });
});

describe('rate limit of POST /api/messages', () => {
  it('answers 429 with a message after 10 messages from one address in a window', async () => {
    const address = '10.99.99.99';
    const before = await countMessages(t);
    for (let i = 0; i < 10; i++) {
      expect((await post(messageInput({ subject: `Rafale ${i}` }), address)).statusCode).toBe(201);
    }
    const refused = await post(messageInput({ subject: 'Rafale de trop' }), address);
    expectError(refused, 429);
    expect(await countMessages(t)).toBe(before + 10);
    expect((await list('q=Rafale%20de%20trop')).total).toBe(0);
    expect((await post(messageInput(), '10.99.99.98')).statusCode).toBe(201);
  });
});
