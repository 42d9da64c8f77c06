import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxDetail, InboxItem, InboxSummary, Page } from '../../src/contract/index.ts';
import { messages, visitRequests } from '../../src/db/schema.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  createMember,
  createMessage,
  createProperty,
  expectError,
  loginAsNew,
  sendVisit,
} from '../helpers/fixtures.ts';

// One inbox of messages, listing reports and visit requests, followed up with a status, an agent,
// a note and their history; filters, CSV export, the 48-hour flag and the median time to a first contact.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({ url: `/api/requests?limit=100${query}`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<InboxItem>>();
};
const patch = (kind: string, id: number | string, payload: unknown, headers = t.auth) =>
  t.app.inject({ method: 'PATCH', url: `/api/requests/${kind}/${id}`, headers, payload: payload as object });

describe('the inbox', () => {
  it('gathers messages, reports and visit requests, each in its listing agent’s charge', async () => {
    const agent = await createMember(t, { name: 'Agent Inbox' });
    const p = await createProperty(t, { managerId: agent.id, title: 'Villa à Ngaliema' });
    const m = await createMessage(t, { propertyType: 'rent', propertyId: p.id, senderName: 'Mado' });
    const r = await createMessage(t, { propertyType: 'report', propertyId: p.id, senderName: 'Signaleur' });
    const v = await sendVisit(t, p.id, { name: 'Visiteur' });
    const general = await createMessage(t, { senderName: 'Sans annonce' });
    const mine = (await list(`&property=${p.id}`)).data;
    expect(mine.map((i) => [i.kind, i.id])).toEqual([
      ['visit', v.id],
      ['message', r.id],
      ['message', m.id],
    ]);
    for (const item of mine) {
      expect(item).toMatchObject({
        followUp: 'new',
        assigneeId: agent.id,
        assigneeName: 'Agent Inbox',
        propertyTitle: 'Villa à Ngaliema',
        overdue: false,
        contactedAt: null,
      });
    }
    expect(mine[1]!.topic).toBe('report');
    expect((await list(`&kind=report&property=${p.id}`)).data.map((i) => i.id)).toEqual([r.id]);
    expect((await list(`&kind=visit&property=${p.id}`)).data.map((i) => i.id)).toEqual([v.id]);
    expect((await list(`&assignee=${agent.id}`)).total).toBe(3);
    const unassigned = (await list('&assignee=none')).data;
    expect(unassigned.find((i) => i.id === general.id && i.kind === 'message')?.assigneeId).toBeNull();
  });

  it('moves a request through its statuses with its agent, note and history', async () => {
    const [first, second] = [
      await createMember(t, { name: 'Premier' }),
      await createMember(t, { name: 'Second' }),
    ];
    const p = await createProperty(t, { managerId: first.id });
    const v = await sendVisit(t, p.id);
    const agent = await loginAsNew(t, 'agent', 'Agent Suivi');
    let res = await patch('visit', v.id, { followUp: 'contacted', note: 'Rappeler lundi' }, agent.auth);
    expect(res.statusCode, res.body).toBe(200);
    const contacted = res.json<InboxDetail>();
    expect(contacted).toMatchObject({ followUp: 'contacted', note: 'Rappeler lundi' });
    expect(contacted.contactedAt).not.toBeNull();
    expect(
      (await patch('visit', v.id, { followUp: 'visit_planned', assigneeId: second.id })).statusCode,
    ).toBe(200);
    res = await patch('visit', v.id, { followUp: 'closed', note: null });
    const closed = res.json<InboxDetail>();
    expect(closed).toMatchObject({ followUp: 'closed', assigneeName: 'Second', note: null });
    // The first contact keeps its date.
    expect(closed.contactedAt).toBe(contacted.contactedAt);
    expect(closed.history.map((h) => [h.actorName, h.field, h.before, h.after])).toEqual([
      ['Agent Suivi', 'followUp', 'new', 'contacted'],
      ['Agent Suivi', 'note', null, 'Rappeler lundi'],
      ['Admin Test', 'followUp', 'contacted', 'visit_planned'],
      ['Admin Test', 'assignee', 'Premier', 'Second'],
      ['Admin Test', 'followUp', 'visit_planned', 'closed'],
      ['Admin Test', 'note', 'Rappeler lundi', null],
    ]);
    // The same values again change nothing and add no history.
    res = await patch('visit', v.id, { followUp: 'closed' });
    expect(res.json<InboxDetail>().history).toHaveLength(6);
    const got = await t.app.inject({ url: `/api/requests/visit/${v.id}`, headers: t.auth });
    expect(got.json<InboxDetail>()).toEqual(res.json<InboxDetail>());
    expect((await list('&followUp=closed')).data.map((i) => i.id)).toContain(v.id);
  });

  it('flags a request unanswered after 48 hours and gives the median time to a first contact', async () => {
    const old = await createMessage(t, { senderName: 'Oublié' });
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(sql`${messages.id} = ${old.id}`);
    const flagged = (await list('&overdue=true')).data;
    expect(flagged.map((i) => [i.kind, i.id])).toContainEqual(['message', old.id]);
    const answered = await createMessage(t, { senderName: 'Répondu' });
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '10 hours'` })
      .where(sql`${messages.id} = ${answered.id}`);
    expect((await patch('message', answered.id, { followUp: 'contacted' })).statusCode).toBe(200);
    const v = await sendVisit(t, (await createProperty(t)).id);
    await t.database.db
      .update(visitRequests)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(sql`${visitRequests.id} = ${v.id}`);
    expect((await patch('visit', v.id, { followUp: 'dropped' })).statusCode).toBe(200);
    const summary = (
      await t.app.inject({ url: '/api/requests/summary', headers: t.auth })
    ).json<InboxSummary>();
    expect(summary.overdue).toBeGreaterThanOrEqual(1);
    // Only the two answered here have a first contact: 10 h and 2 h, and the one of the previous test (0 h).
    expect(summary.medianHoursToContact).toBeCloseTo(2, 0);
    expect((await list('&overdue=true')).data.some((i) => i.id === answered.id && i.kind === 'message')).toBe(
      false,
    );
  });

  it('exports the filtered requests as CSV, a visitor’s formula made text', async () => {
    const agent = await createMember(t, { name: 'Agent CSV' });
    const p = await createProperty(t, { managerId: agent.id });
    await createMessage(t, {
      propertyType: 'buy',
      propertyId: p.id,
      senderName: 'Jean "le" Client',
      subject: '=HYPERLINK("http://x")',
    });
    const res = await t.app.inject({ url: `/api/requests/export.csv?property=${p.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="demandes-\d{4}-\d\d-\d\d\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^"Type","Reçue le","Nom"/);
    expect(lines[1]).toContain('"Jean ""le"" Client"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain('"Nouvelle","Agent CSV"');
  });

  it('refuses bad input with 400 and unknown requests with 404, changing nothing', async () => {
    const m = await createMessage(t);
    const before = (await t.app.inject({ url: `/api/requests/message/${m.id}`, headers: t.auth })).json();
    expectError(await patch('message', m.id, { followUp: 'lost' }), 400);
    expectError(await patch('message', m.id, {}), 400);
    expectError(await patch('message', m.id, { assigneeId: 999_999, followUp: 'contacted' }), 400);
    expectError(await patch('message', m.id, { note: 'x'.repeat(5000) }), 400);
    expectError(await patch('message', m.id, { note: 'a\u0000b' }), 400);
    expectError(await patch('call', m.id, { followUp: 'contacted' }), 400);
    expectError(await patch('message', 'abc', { followUp: 'contacted' }), 400);
    expectError(await patch('message', 999_999, { followUp: 'contacted' }), 404);
    expectError(await patch('visit', 999_999, { followUp: 'contacted' }), 404);
    expect((await t.app.inject({ url: `/api/requests/message/${m.id}`, headers: t.auth })).json()).toEqual(
      before,
    );
    expectError(await t.app.inject({ url: '/api/requests?followUp=lost', headers: t.auth }), 400);
    expectError(await t.app.inject({ url: '/api/requests?assignee=nobody', headers: t.auth }), 400);
    expect((await t.app.inject({ url: '/api/requests' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/requests/export.csv' })).statusCode).toBe(401);
  });
});
