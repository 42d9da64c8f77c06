import { eq, isNull } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, DemoClearResult, DemoStatus, Property } from '../../src/contract/index.ts';
import {
  media,
  messages,
  pageViewDays,
  properties,
  teamMembers,
  visitDays,
  visitRequests,
} from '../../src/db/schema.ts';
import { seedDemo, type SeedResult } from '../../src/demo/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createMessage, createProperty, propertyInput } from '../helpers/fixtures.ts';

// Going live: the demo rows are marked, staff edits adopt them, and one call removes the rest.

const status = async (t: TestApp) => {
  const res = await t.app.inject({ url: '/api/demo', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DemoStatus>().remaining;
};
const clear = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/demo/clear', headers: t.auth });

describe('demo data', () => {
  let t: TestApp;
  let seeded: SeedResult;
  beforeAll(async () => {
    t = await buildTestApp();
    seeded = await seedDemo(t.database, {
      media: t.app.mediaStore,
      properties: 12,
      maxPixels: 40_000,
    });
  });
  afterAll(() => t.close());

  it('counts every row the seed wrote as demo', async () => {
    expect(await status(t)).toEqual({
      properties: seeded.properties,
      team: seeded.team,
      messages: seeded.messages,
      visitRequests: seeded.visitRequests,
      pageViews: seeded.pageViews,
      media: seeded.media,
    });
  });

  let edited: Property;
  let statusChanged: Property;
  let staffListing: Property;
  let kept: { message: number; visit: number; member: number; toggled: number; visitorMessage: number };

  it('a staff edit of a demo row takes its mark away', async () => {
    // Two listings without a manager: a kept listing keeps its demo manager, which the counts below leave out.
    const [first, second] = (
      await t.database.db.select().from(properties).where(isNull(properties.managerId)).orderBy(properties.id)
    ).slice(0, 2);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${first!.id}`,
      headers: t.auth,
      payload: propertyInput({ title: 'Villa de l’agence', media: first!.media, managerId: null }),
    });
    expect(put.statusCode, put.body).toBe(200);
    edited = put.json<Property>();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${second!.id}/status`,
      headers: t.auth,
      payload: { status: 'sold' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    statusChanged = patch.json<Property>();

    const members = await t.database.db.select().from(teamMembers).orderBy(teamMembers.id);
    const toggled = members[0]!;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/team/${toggled.id}/toggle-status`, headers: t.auth }))
        .statusCode,
    ).toBe(200);
    // A listing staff create, managed by a demo member and showing a demo photo: both must stay.
    const manager = members[1]!;
    const [photo] = await t.database.db.select().from(media).where(eq(media.type, 'image')).limit(1);
    staffListing = await createProperty(t, { managerId: manager.id, media: [photo!.item] });

    const [message] = await t.database.db.select().from(messages).limit(1);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/messages/${message!.id}/status`,
          headers: t.auth,
          payload: { status: 'read' },
        })
      ).statusCode,
    ).toBe(200);
    const [visit] = await t.database.db.select().from(visitRequests).limit(1);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/visits/${visit!.id}/status`,
          headers: t.auth,
          payload: { status: 'confirmed' },
        })
      ).statusCode,
    ).toBe(200);
    const visitorMessage = await createMessage(t);
    kept = {
      message: message!.id,
      visit: visit!.id,
      member: manager.id,
      toggled: toggled.id,
      visitorMessage: visitorMessage.id,
    };

    const left = await status(t);
    expect(left.properties).toBe(seeded.properties - 2);
    expect(left.team).toBe(seeded.team - 1);
    expect(left.messages).toBe(seeded.messages - 1);
    expect(left.visitRequests).toBe(seeded.visitRequests - 1);
  });

  it('deletes the rest in one call, keeps what staff made or touched, writes one audit row and publishes', async () => {
    const mediaRows = await t.database.db.select().from(media);
    const staying = await t.database.db.select().from(teamMembers);
    const portraits = staying
      .filter((m) => m.id === kept.member || m.id === kept.toggled)
      .map((m) => m.photo?.match(/^\/media\/([a-f0-9]{32})-/)?.[1]);
    const keptPhotos = new Set(
      [...edited.media, ...statusChanged.media, ...staffListing.media].map((m) => m.id).concat(portraits),
    );
    expect(keptPhotos.size).toBeGreaterThanOrEqual(3);
    const goneFiles = mediaRows.filter((m) => !keptPhotos.has(m.id)).flatMap((m) => m.files);
    const keptFiles = mediaRows.filter((m) => keptPhotos.has(m.id)).flatMap((m) => m.files);
    expect(goneFiles.length).toBeGreaterThan(0);
    // The dashboard sums the demo's finished days into daily rows: clearing must take those out too.
    expect((await t.app.inject({ url: '/api/dashboard/visits', headers: t.auth })).statusCode).toBe(200);
    expect((await t.database.db.select().from(visitDays)).length).toBeGreaterThan(0);

    const res = await clear(t);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<DemoClearResult>();
    expect(result.deleted).toEqual({
      properties: seeded.properties - 2,
      team: seeded.team - 2,
      messages: seeded.messages - 1,
      visitRequests: seeded.visitRequests - 1,
      pageViews: seeded.pageViews,
      media: seeded.media - keptPhotos.size,
    });
    expect(result.kept).toEqual({ team: 1, media: keptPhotos.size });
    expect(await status(t)).toEqual({
      properties: 0,
      team: 0,
      messages: 0,
      visitRequests: 0,
      pageViews: 0,
      media: 0,
    });

    const { db } = t.database;
    const listings = (await db.select().from(properties)).map((p) => p.id).sort((a, b) => a - b);
    expect(listings).toEqual([edited.id, statusChanged.id, staffListing.id].sort((a, b) => a - b));
    expect((await db.select().from(properties).where(eq(properties.id, staffListing.id)))[0]?.managerId).toBe(
      kept.member,
    );
    expect((await db.select().from(teamMembers)).map((m) => m.id).sort()).toEqual(
      [kept.member, kept.toggled].sort(),
    );
    expect((await db.select().from(messages)).map((m) => m.id).sort()).toEqual(
      [kept.message, kept.visitorMessage].sort(),
    );
    expect((await db.select().from(visitRequests)).map((v) => v.id)).toEqual([kept.visit]);
    expect(await t.app.repos.accounts.count()).toBe(1);
    expect(await db.select().from(visitDays)).toEqual([]);
    expect(await db.select().from(pageViewDays)).toEqual([]);

    const mediaDir = join(t.env.DATA_DIR, 'media');
    expect(goneFiles.filter((f) => existsSync(join(mediaDir, f)))).toEqual([]);
    expect(keptFiles.every((f) => existsSync(join(mediaDir, f)))).toBe(true);

    const audit = (await t.app.inject({ url: '/api/audit?entity=demo', headers: t.auth })).json<{
      data: AuditEntry[];
    }>().data;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'delete',
      actorName: 'Admin Test',
      label: 'Données de démonstration',
    });
    expect(audit[0]!.detail).toContain(`${seeded.properties - 2} propriétés`);

    const outcome = await t.app.publisher.settled();
    expect(outcome?.ok).toBe(true);
    expect((await t.app.inject('/')).statusCode).toBe(200);
  });

  it('a second clear finds nothing more to delete', async () => {
    const res = await clear(t);
    expect(res.statusCode).toBe(200);
    expect(Object.values(res.json<DemoClearResult>().deleted).every((n) => n === 0)).toBe(true);
    const audit = (await t.app.inject({ url: '/api/audit?entity=demo', headers: t.auth })).json<{
      data: AuditEntry[];
    }>().data;
    expect(audit).toHaveLength(1);
  });
});
