import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Property, VisitRequest } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  createMember,
  createMessage,
  createProperty,
  expectError,
  loginAsNew,
  memberInput,
  nextIp,
  propertyInput,
  visitInput,
} from '../helpers/fixtures.ts';

// Every staff change leaves one row in the audit log, written in the change's own transaction.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page = { data: AuditEntry[]; total: number; page: number; limit: number };
const audit = async (query = '') => {
  const res = await t.app.inject({ url: `/api/audit?${query}`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
/** The rows about one record, oldest first, as [action, detail]. */
const history = async (entity: string, id: number) =>
  (await audit(`entity=${entity}&entityId=${id}&limit=100`)).data
    .reverse()
    .map((e) => [e.action, e.detail] as const);
const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });

describe('what the audit log records', () => {
  it('records a listing created, edited (the changed fields), its status changed and deleted', async () => {
    const media = [
      { type: 'image' as const, url: '/media/a.webp', title: 'Salon', thumbnail: '/media/a-t.webp' },
    ];
    const p = await createProperty(t, { title: 'Villa Audit', media, features: ['Piscine'] });
    const edited = propertyInput({ title: 'Villa Audit rénovée', price: 2000, media, features: ['Piscine'] });
    expect((await call('PUT', `/api/properties/${p.id}`, edited)).statusCode).toBe(200);
    // Saved again unchanged: recorded, with nothing listed as changed.
    expect((await call('PUT', `/api/properties/${p.id}`, edited)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/properties/${p.id}/status`, { status: 'sold' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/properties/${p.id}`)).statusCode).toBe(204);

    expect(await history('property', p.id)).toEqual([
      ['create', null],
      ['update', 'title, price'],
      ['update', null],
      ['status', 'available → sold'],
      ['delete', null],
    ]);
    const [deleted] = (await audit(`entity=property&entityId=${p.id}&limit=1`)).data;
    expect(deleted).toMatchObject({
      actorId: t.adminId,
      actorName: 'Admin Test',
      entity: 'property',
      entityId: p.id,
      label: 'Villa Audit rénovée',
    });
    expect(Date.now() - Date.parse(deleted!.at)).toBeLessThan(60_000);
  });

  it('records team members created, edited, switched off and on, and deleted', async () => {
    const m = await createMember(t, { name: 'Jean Audit' });
    const edit = memberInput({ name: 'Jean Audit', email: m.email, phone: '+243 81 999 99 99' });
    expect((await call('PUT', `/api/team/${m.id}`, edit)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/team/${m.id}/toggle-status`)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/team/${m.id}/toggle-status`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/team/${m.id}`)).statusCode).toBe(204);
    expect(await history('team', m.id)).toEqual([
      ['create', null],
      ['update', 'phone'],
      ['status', 'actif → inactif'],
      ['status', 'inactif → actif'],
      ['delete', null],
    ]);
  });

  it('records message and visit request handling, but not what visitors send or view', async () => {
    const before = (await audit()).total;
    const message = await createMessage(t, { subject: 'Question audit' });
    const visit = (
      await t.app.inject({
        method: 'POST',
        url: '/api/mail/send-visit',
        remoteAddress: nextIp(),
        payload: visitInput({ name: 'Visiteur Audit' }),
      })
    ).json<VisitRequest>();
    const p = await createProperty(t);
    await t.app.inject({ method: 'PATCH', url: `/api/properties/${p.id}/view`, remoteAddress: nextIp() });
    expect((await audit()).total).toBe(before + 1); // the listing's creation alone

    expect((await call('PATCH', `/api/messages/${message.id}/status`, { status: 'read' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/messages/${message.id}`)).statusCode).toBe(204);
    expect((await call('PATCH', `/api/visits/${visit.id}/status`, { status: 'confirmed' })).statusCode).toBe(
      200,
    );
    expect(await history('message', message.id)).toEqual([
      ['status', 'new → read'],
      ['delete', null],
    ]);
    expect((await audit(`entity=message&entityId=${message.id}`)).data[0]?.label).toBe(
      'Question audit (Mireille Kabila)',
    );
    expect(await history('visit', visit.id)).toEqual([['status', 'new → confirmed']]);
    expect((await audit(`entity=visit&entityId=${visit.id}`)).data[0]?.label).toBe(
      `Visiteur Audit, ${visit.visitDate}`,
    );
  });

  it('records nothing for a change that finds no record or is refused', async () => {
    const p = await createProperty(t);
    const before = (await audit()).total;
    expectError(await call('PATCH', '/api/properties/999999/status', { status: 'sold' }), 404);
    expectError(await call('DELETE', '/api/team/999999'), 404);
    expectError(await call('PATCH', '/api/visits/999999/status', { status: 'done' }), 404);
    expectError(await call('PUT', `/api/properties/${p.id}`, propertyInput({ managerId: 999_999 })), 400);
    expect((await audit()).total).toBe(before);
  });

  it('names the agent who made a change, and keeps the name once the account is gone', async () => {
    const agent = await loginAsNew(t, 'agent', 'Agnès Agent');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: agent.auth,
      payload: propertyInput({ title: 'Par un agent' }),
    });
    const p = res.json<Property>();
    expect((await audit(`entity=property&entityId=${p.id}`)).data[0]).toMatchObject({
      actorId: agent.id,
      actorName: 'Agnès Agent',
      action: 'create',
    });
    expect((await call('DELETE', `/api/accounts/${agent.id}`)).statusCode).toBe(204);
    expect((await audit(`entity=property&entityId=${p.id}`)).data[0]).toMatchObject({
      actorId: null,
      actorName: 'Agnès Agent',
    });
  });
});

describe('GET /api/audit', () => {
  it('pages the log newest first and filters by entity and record', async () => {
    const a = await createProperty(t, { title: 'Premier' });
    const b = await createProperty(t, { title: 'Second' });
    const page = await audit('limit=2');
    expect(Object.keys(page).sort()).toEqual(['data', 'limit', 'page', 'total']);
    expect(page).toMatchObject({ page: 1, limit: 2 });
    expect(page.data.map((e) => e.entityId)).toEqual([b.id, a.id]);
    const next = await audit('limit=2&page=2');
    expect(next.data[0]!.id).toBeLessThan(page.data[1]!.id);

    const teams = await audit('entity=team&limit=100');
    expect(teams.data.length).toBeGreaterThan(0);
    expect(teams.data.every((e) => e.entity === 'team')).toBe(true);
    expect((await audit(`entity=property&entityId=${a.id}`)).data.map((e) => e.label)).toEqual(['Premier']);
  });

  it.each(['entity=house', 'entityId=abc', 'entityId=0', 'limit=1000', 'page=0'])(
    'answers 400 to %s',
    async (query) => {
      expectError(await t.app.inject({ url: `/api/audit?${query}`, headers: t.auth }), 400);
    },
  );
});

describe('one transaction for the change and its audit row', () => {
  it('leaves neither when the audit row cannot be written', async () => {
    const p = await createProperty(t, { title: 'Atomique' });
    const before = (await audit()).total;
    await t.database.db.execute(sql`ALTER TABLE audit_log RENAME TO audit_log_away`);
    try {
      const res = await call('PATCH', `/api/properties/${p.id}/status`, { status: 'sold' });
      expectError(res, 500);
      const removed = await call('DELETE', `/api/properties/${p.id}`);
      expectError(removed, 500);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE audit_log_away RENAME TO audit_log`);
    }
    const still = (await t.app.inject(`/api/properties/${p.id}`)).json<Property>();
    expect(still.status).toBe('available');
    expect((await audit()).total).toBe(before);
  });
});
