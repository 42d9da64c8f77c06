import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Page, Property, TeamMember } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createMember, createProperty, expectError, loginAsNew } from '../helpers/fixtures.ts';

// A deactivated agent stayed the public contact of their listings (phone and e-mail in
// GET /api/properties and in the built pages). Only an active manager is shown; the agency stands in for
// one who left, and an admin can hand a departing agent's listings to another active member.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const toggle = (id: number) =>
  t.app.inject({ method: 'PATCH', url: `/api/team/${id}/toggle-status`, headers: t.auth });
const reassign = (id: number, payload: unknown, headers = t.auth) =>
  t.app.inject({ method: 'POST', url: `/api/team/${id}/reassign`, headers, payload: payload as object });
const listing = async (id: number) => (await t.app.inject(`/api/properties/${id}`)).json<Property>();
const listed = async (managerId: number) =>
  (await t.app.inject(`/api/properties?managerId=${managerId}&limit=100`)).json<Page<Property>>().data;
const versionOf = async (id: number) =>
  new Map((await t.app.inject('/api/properties/versions')).json<{ data: [number, string][] }>().data).get(id);

describe('a deactivated manager', () => {
  it('is no longer any listing’s public contact, in the list or the detail; reactivated, is again', async () => {
    const m = await createMember(t, {
      name: 'Agent Parti',
      phone: '+243 81 999 00 01',
      email: 'parti@ndako.test',
    });
    const p = await createProperty(t, { managerId: m.id });
    expect((await listing(p.id)).agent).toMatchObject({ id: m.id, phone: '+243 81 999 00 01' });
    const before = await versionOf(p.id);

    expect((await toggle(m.id)).json<TeamMember>().isActive).toBe(false);
    const shown = await listing(p.id);
    // Still its manager for staff (who reassign it), but the site shows the agency's contact.
    expect(shown).toMatchObject({ managerId: m.id, agent: null });
    const inList = await listed(m.id);
    expect(inList.map((x) => x.id)).toContain(p.id);
    for (const x of inList) expect(x.agent).toBeNull();
    const pages = (await t.app.inject('/api/properties?limit=100')).body;
    expect(pages).not.toContain('parti@ndako.test');
    expect(pages).not.toContain('+243 81 999 00 01');
    // The listing's version changes, so an incremental publish renders its pages again.
    const off = await versionOf(p.id);
    expect(off).not.toBe(before);

    await toggle(m.id);
    expect((await listing(p.id)).agent).toMatchObject({ id: m.id, email: 'parti@ndako.test' });
    expect(await versionOf(p.id)).not.toBe(off);
  });
});

describe('POST /api/team/{id}/reassign', () => {
  it('hands every listing of a member to an active one, in one audited change', async () => {
    const leaving = await createMember(t, { name: 'Agent Sortant' });
    const heir = await createMember(t, { name: 'Agent Repreneur' });
    const mine = [
      await createProperty(t, { managerId: leaving.id }),
      await createProperty(t, { managerId: leaving.id }),
    ];
    const other = await createProperty(t, { managerId: heir.id });
    await toggle(leaving.id);
    const before = await versionOf(mine[0]!.id);

    const res = await reassign(leaving.id, { to: heir.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ moved: 2 });
    for (const p of mine) {
      expect(await listing(p.id)).toMatchObject({
        managerId: heir.id,
        agent: { id: heir.id, name: 'Agent Repreneur' },
      });
    }
    expect((await listing(other.id)).managerId).toBe(heir.id);
    expect(await versionOf(mine[0]!.id)).not.toBe(before);
    expect(await listed(leaving.id)).toEqual([]);
    const team = (await t.app.inject({ url: `/api/team/${heir.id}`, headers: t.auth })).json<TeamMember>();
    expect(team.propertiesAssigned).toBe(3);

    const audit = await t.app.inject({ url: '/api/audit?entity=team', headers: t.auth });
    expect(audit.json<Page<AuditEntry>>().data[0]).toMatchObject({
      action: 'update',
      entity: 'team',
      entityId: leaving.id,
      label: 'Agent Sortant',
      detail: '2 annonces confiées à Agent Repreneur',
      actorName: 'Admin Test',
    });
    // Nothing left to move: answered, nothing changed.
    expect((await reassign(leaving.id, { to: heir.id })).json()).toEqual({ moved: 0 });
  });

  it('refuses an inactive, unknown or same member, or no member, and moves nothing', async () => {
    const leaving = await createMember(t);
    const inactive = await createMember(t, { isActive: false });
    const p = await createProperty(t, { managerId: leaving.id });
    for (const [payload, message] of [
      [{ to: inactive.id }, /n’existe pas ou n’est pas actif/],
      [{ to: 999_999 }, /n’existe pas ou n’est pas actif/],
      [{ to: leaving.id }, /autre membre/],
      [{}, /Choisissez le membre qui reprend les annonces/],
      [{ to: 'deux' }, /Choisissez le membre qui reprend les annonces/],
    ] as const) {
      expect(expectError(await reassign(leaving.id, payload), 400).message).toMatch(message);
    }
    expect((await listing(p.id)).managerId).toBe(leaving.id);
    expectError(await reassign(999_999, { to: leaving.id }), 404);
  });

  it('is the admins’ business: an agent is refused', async () => {
    const leaving = await createMember(t);
    const heir = await createMember(t);
    const p = await createProperty(t, { managerId: leaving.id });
    const agent = await loginAsNew(t, 'agent', 'Agent Curieux');
    expectError(await reassign(leaving.id, { to: heir.id }, agent.auth), 403);
    expect((await listing(p.id)).managerId).toBe(leaving.id);
  });
});
