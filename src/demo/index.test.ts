import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PropertyInput,
  MESSAGE_STATUSES,
  TEAM_ROLES,
} from '../contract/index.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { media, messages, pageViews, properties, teamMembers, visitRequests } from '../db/schema.ts';
import { localMediaStore } from '../media/store.ts';
import { seedDemo, type SeedResult } from './index.ts';

const COUNT = 120;

describe('seedDemo', () => {
  let database: Database;
  let mediaDir: string;
  let result: SeedResult;
  const lines: string[] = [];

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'ndako-seed-test-'));
    database = await openDatabase({ kind: 'pglite' });
    result = await seedDemo(database, {
      media: localMediaStore(mediaDir),
      properties: COUNT,
      log: (line) => lines.push(line),
    });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('inserts every kind of row and reports the counts', async () => {
    const { db } = database;
    expect(result.properties).toBe(COUNT);
    expect(await db.$count(properties)).toBe(COUNT);
    expect(await db.$count(teamMembers)).toBe(8);
    expect(result.team).toBe(8);
    expect(await db.$count(messages)).toBe(result.messages);
    expect(result.messages).toBeGreaterThanOrEqual(30);
    expect(await db.$count(visitRequests)).toBe(result.visitRequests);
    expect(result.visitRequests).toBeGreaterThanOrEqual(12);
    expect(await db.$count(pageViews)).toBe(result.pageViews);
    expect(result.pageViews).toBeGreaterThan(1000);
    expect(await db.$count(media)).toBe(result.media);
    expect(result.media).toBeGreaterThanOrEqual(8 + 30);
    expect(lines.some((l) => l.startsWith('Seeding: photos'))).toBe(true);
    expect(lines).toContain(`Seeding: properties ${COUNT}/${COUNT}`);
  });

  it('gives rentals every state of the move-in terms, and some rents in CDF', async () => {
    const rows = await database.db.select().from(properties);
    const rentals = rows.filter((r) => r.type === 'rent');
    const terms = (r: (typeof rows)[number]) => [r.advanceMonths, r.depositMonths, r.commissionMonths];
    expect(rows.filter((r) => r.type === 'sale').every((r) => terms(r).every((m) => m === null))).toBe(true);
    const full = rentals.filter((r) => terms(r).every((m) => m !== null));
    expect(full.some((r) => r.depositMonths! <= 3)).toBe(true);
    expect(full.some((r) => r.depositMonths! > 3)).toBe(true);
    expect(rentals.some((r) => terms(r).every((m) => m === null))).toBe(true);
    expect(rentals.some((r) => terms(r).some((m) => m === null) && terms(r).some((m) => m !== null))).toBe(
      true,
    );
    const deposits = full.map((r) => r.depositMonths!);
    expect(Math.min(...deposits)).toBe(1);
    expect(Math.max(...deposits)).toBe(12);
    expect(rentals.some((r) => r.currency === 'CDF')).toBe(true);
  });

  it('gives a share of listings English and Lingala texts the contract accepts, and leaves others French', async () => {
    const rows = await database.db.select().from(properties);
    const english = rows.filter((r) => r.titleEn !== null);
    const lingala = rows.filter((r) => r.titleLn !== null);
    expect(english.length).toBeGreaterThan(COUNT * 0.35);
    expect(english.length).toBeLessThan(COUNT * 0.65);
    expect(lingala.length).toBeGreaterThan(COUNT * 0.12);
    expect(lingala.length).toBeLessThan(COUNT * 0.4);
    expect(rows.some((r) => r.titleEn === null && r.titleLn === null)).toBe(true);
    for (const r of rows) {
      expect(r.titleEn === null).toBe(r.descriptionEn === null);
      expect(r.titleLn === null).toBe(r.descriptionLn === null);
      const input = PropertyInput.safeParse({ ...r, lat: r.lat, long: r.long });
      expect(input.success, JSON.stringify(input.error?.issues)).toBe(true);
    }
  });

  it('spreads listings over the communes, categories, types and statuses', async () => {
    const rows = await database.db.select().from(properties);
    expect(new Set(rows.map((r) => r.state)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(PROPERTY_CATEGORIES));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(PROPERTY_TYPES));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(PROPERTY_STATUSES));
    // Listings whose page the demo traffic visited carry that last visit, for the Views page's order.
    const seen = rows.filter((r) => r.lastViewedAt);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.lastViewedAt!.getTime() <= Date.now())).toBe(true);
    const featured = rows.filter((r) => r.featured);
    expect(featured.length).toBeGreaterThanOrEqual(8);
    expect(featured.every((r) => r.status === 'available' || r.status === 'hot')).toBe(true);
    for (const row of rows) {
      expect(row.lat).not.toBeNull();
      expect(row.lat as number).toBeGreaterThan(-4.8);
      expect(row.lat as number).toBeLessThan(-3.7);
      expect(row.long as number).toBeGreaterThan(14.9);
      expect(row.long as number).toBeLessThan(16.1);
      expect(row.price).toBeGreaterThan(0);
      expect(row.title.length).toBeGreaterThan(10);
      if (row.category === 'land') expect(row.bedrooms).toBeNull();
    }
  });

  it('gives every listing one to six photos whose files exist', async () => {
    const rows = await database.db.select({ media: properties.media }).from(properties);
    for (const row of rows) {
      expect(row.media.length).toBeGreaterThanOrEqual(1);
      expect(row.media.length).toBeLessThanOrEqual(6);
      for (const item of row.media) {
        expect(item.type).toBe('image');
        expect(item.title).toBeTruthy();
        for (const url of [item.url, item.thumbnail, ...(item.variants ?? []).map((v) => v.url)]) {
          expect(url).toMatch(/^\/media\/[a-f0-9]{32}-(\d+|thumb)\.webp$/);
          expect(existsSync(join(mediaDir, (url as string).slice('/media/'.length)))).toBe(true);
        }
      }
    }
  });

  it('dates some deals in the current month so the dashboard shows revenue', async () => {
    const sold = await database.db.select().from(properties);
    const now = new Date();
    const thisMonth = sold.filter(
      (r) =>
        r.status === 'sold' &&
        r.statusChangedAt.getTime() <= now.getTime() &&
        now.getTime() - r.statusChangedAt.getTime() < 32 * 86_400_000,
    );
    expect(thisMonth.length).toBeGreaterThan(0);
  });

  it('creates the team with every role, portraits and one former agent', async () => {
    const team = await database.db.select().from(teamMembers);
    expect(team).toHaveLength(8);
    expect(new Set(team.map((m) => m.role))).toEqual(new Set(TEAM_ROLES));
    expect(team.filter((m) => !m.isActive)).toHaveLength(1);
    for (const member of team) {
      expect(member.phone).toMatch(/^\+243 (81|82|84|85|89|97|99) \d{3} \d{4}$/);
      expect(member.email).toMatch(/^[a-z.]+@ndako\.cd$/);
      expect(member.photo).toMatch(/^\/media\/[a-f0-9]{32}-\d+\.webp$/);
      expect(existsSync(join(mediaDir, (member.photo as string).slice('/media/'.length)))).toBe(true);
    }
  });

  it('writes messages in every status and visit requests tied to listings', async () => {
    const rows = await database.db.select().from(messages);
    expect(new Set(rows.map((m) => m.status))).toEqual(new Set(MESSAGE_STATUSES));
    expect(rows.filter((m) => m.status === 'replied').every((m) => m.repliedAt !== null)).toBe(true);
    const visits = await database.db.select().from(visitRequests);
    for (const visit of visits) {
      expect(visit.url).toBe(`http://localhost:4321/property/${visit.propertyId}`);
      expect(visit.visitDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    }
  });
});
