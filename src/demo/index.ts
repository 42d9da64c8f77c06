import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { media, messages, pageViews, properties, teamMembers, visitRequests } from '../db/schema.ts';
import type { StoredMedia } from '../media/images.ts';
import type { MediaStore } from '../media/store.ts';
import type { DemoRowCounts } from '../shared/demo-summary.ts';
import { buildMessages, buildVisits, type ListingRef } from './activity.ts';
import { buildPageViews } from './traffic.ts';
import { storeDemoPicture } from './pictures.ts';
import { avatarSvg } from './avatar.ts';
import { buildListings, type PhotoKind, type PhotoPool, type PoolPhoto } from './listings.ts';
import { TEAM, congolesePhone, emailLocal } from './people.ts';
import { hex, seededRandom, type Rng } from './random.ts';
import { apartmentScene, houseScene } from './scenes-homes.ts';
import { villaScene } from './scenes-villa.ts';
import { bedroomScene, kitchenScene, livingRoomScene, workspaceScene } from './scenes-rooms.ts';
import { landScene } from './scenes-land.ts';
import { officeScene } from './scenes-office.ts';

export interface SeedOptions {
  /** Where the WebP files go: the API's media store (DATA_DIR/media or the bucket). */
  media: MediaStore;
  /** How many listings; photos are drawn once and shared, so thousands stay quick. */
  properties: number;
  /** Pixel limit handed to storeImage; the pictures drawn here are 1600 × 1000. */
  maxPixels?: number;
  log?: (line: string) => void;
  /** Source of randomness in [0, 1); by default a seeded generator, so the demo is the same on every run. */
  random?: () => number;
}

/** The rows the seed wrote, of each kind. */
export type SeedResult = DemoRowCounts;

const BATCH = 500;
const SITE_URL = 'http://localhost:4321';
const DAY = 86_400_000;

/** The shared photo pool: what each kind of listing can show. */
const POOL_PLAN: readonly (readonly [PhotoKind, number, (rng: Rng, index: number) => string])[] = [
  ['apartment', 6, apartmentScene],
  ['house', 6, houseScene],
  ['villa', 5, villaScene],
  ['office', 4, officeScene],
  ['land', 4, (rng, i) => landScene(rng, i % 2 === 1)],
  ['living', 4, livingRoomScene],
  ['kitchen', 3, kitchenScene],
  ['bedroom', 3, bedroomScene],
  ['workspace', 2, workspaceScene],
];

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
  progress?: (done: number) => void,
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await insert(rows.slice(i, i + BATCH));
    progress?.(Math.min(rows.length, i + BATCH));
  }
}

const asDemo = <T extends object>(row: T) => ({ ...row, demo: true });

const mediaRow = (stored: StoredMedia) => ({
  id: stored.item.id,
  type: 'image' as const,
  mime: 'image/webp',
  bytes: stored.bytes,
  width: stored.width,
  height: stored.height,
  files: stored.files,
  item: stored.item,
  demo: true,
});

interface DrawnPicture {
  svg: string;
  id: string;
}

interface DrawnScene extends DrawnPicture {
  kind: PhotoKind;
  saleBoard: boolean;
}

/** Every picture drawn first, in a fixed order, so the random sequence does not depend on encoding speed. */
function drawPictures(rng: Rng): { portraits: DrawnPicture[]; scenes: DrawnScene[] } {
  const portraits = TEAM.map((member, i) => ({
    svg: avatarSvg(rng, member.name, member.gender, i),
    id: hex(rng, 32),
  }));
  const scenes = POOL_PLAN.flatMap(([kind, count, draw]) =>
    Array.from({ length: count }, (_, i) => {
      const svg = draw(rng, i);
      return { kind, svg, id: hex(rng, 32), saleBoard: svg.includes('À VENDRE') };
    }),
  );
  return { portraits, scenes };
}

/** The pictures encoded into the media store, and the photo pool the listings draw from. */
async function storePictures(
  { portraits, scenes }: { portraits: DrawnPicture[]; scenes: DrawnScene[] },
  { media: store, maxPixels = 40_000_000 }: SeedOptions,
  log: (line: string) => void,
): Promise<{ portraits: StoredMedia[]; scenes: StoredMedia[]; pool: PhotoPool }> {
  // Pictures are drawn at 1600 × 1000 (portraits 600 × 600); a lower pixel limit scales them down to fit.
  const encode = (svg: string, id: string, width: number, height: number) =>
    storeDemoPicture({ svg, id, width, height }, store, maxPixels);

  const storedPortraits = await mapLimit(portraits, 3, (p) => encode(p.svg, p.id, 600, 600));
  log(`Seeding: portraits ${storedPortraits.length}/${TEAM.length}`);
  let encoded = 0;
  const storedScenes = await mapLimit(scenes, 3, async (s) => {
    const stored = await encode(s.svg, s.id, 1600, 1000);
    encoded++;
    if (encoded % 6 === 0 || encoded === scenes.length) log(`Seeding: photos ${encoded}/${scenes.length}`);
    return stored;
  });
  const pool = Object.fromEntries(POOL_PLAN.map(([kind]) => [kind, [] as PoolPhoto[]])) as Record<
    PhotoKind,
    PoolPhoto[]
  >;
  scenes.forEach((s, i) => {
    const stored = storedScenes[i];
    if (stored) pool[s.kind].push({ item: stored.item, saleBoard: s.saleBoard });
  });
  return { portraits: storedPortraits, scenes: storedScenes, pool: pool as PhotoPool };
}

/** The team, with their portraits; returns the agents who handle listings, weighted by seniority. */
async function insertTeam(
  tx: Db,
  rng: Rng,
  now: number,
  portraits: readonly StoredMedia[],
): Promise<{ count: number; agents: (readonly [number, number])[] }> {
  const team = await tx
    .insert(teamMembers)
    .values(
      TEAM.map((member, i) => {
        const joined = new Date(now - member.joinedDaysAgo * DAY);
        return {
          name: member.name,
          role: member.role,
          phone: congolesePhone(rng),
          email: `${emailLocal(member.name)}@ndako.cd`,
          photo: portraits[i]?.item.url ?? null,
          joinDate: joined.toISOString().slice(0, 10),
          isActive: member.isActive,
          demo: true,
          createdAt: joined,
          updatedAt: new Date(now - (member.isActive ? 30 : 200) * DAY),
        };
      }),
    )
    .returning({ id: teamMembers.id });
  const agents = TEAM.flatMap((member, i) => {
    const id = team[i]?.id;
    if (!id || !member.isActive || !member.handlesListings) return [];
    const weight = member.role === 'Agent Senior' ? 3 : member.role === 'Agent Junior' ? 2 : 1.5;
    return [[id, weight] as const];
  });
  return { count: team.length, agents };
}

/** The listings, in batches; returns what the visitors' activity needs of each. */
async function insertListings(
  tx: Db,
  rows: readonly (typeof properties.$inferInsert)[],
  log: (line: string) => void,
): Promise<ListingRef[]> {
  const listings: ListingRef[] = [];
  await insertInBatches(
    rows,
    async (batch) => {
      const inserted = await tx.insert(properties).values(batch).returning({
        id: properties.id,
        title: properties.title,
        state: properties.state,
        status: properties.status,
        viewCount: properties.viewCount,
      });
      listings.push(...inserted);
    },
    (done) => log(`Seeding: properties ${done}/${rows.length}`),
  );
  return listings;
}

/** Visitors' messages, visit requests and page views; returns how many of each. */
async function insertActivity(
  tx: Db,
  rng: Rng,
  now: number,
  listings: readonly ListingRef[],
  log: (line: string) => void,
): Promise<{ messages: number; visitRequests: number; pageViews: number }> {
  const messageRows = buildMessages(rng, now, listings).map(asDemo);
  await insertInBatches(messageRows, (batch) => tx.insert(messages).values(batch));
  const visitRows = buildVisits(rng, now, listings, SITE_URL).map(asDemo);
  await insertInBatches(visitRows, (batch) => tx.insert(visitRequests).values(batch));
  log(`Seeding: messages ${messageRows.length}, visit requests ${visitRows.length}`);
  const viewRows = buildPageViews(rng, now, listings).map(asDemo);
  await insertInBatches(viewRows, (batch) => tx.insert(pageViews).values(batch));
  // The Views page's "most recent" order: each listing's last view is its page's last demo visit.
  await tx.execute(sql`
    UPDATE properties p SET last_viewed_at = v.at
    FROM (SELECT substring(path FROM '/property/([0-9]+)')::int AS id, max(at) AS at
          FROM page_views WHERE path ~ '/property/[0-9]+' GROUP BY 1) v
    WHERE p.id = v.id`);
  log(`Seeding: page views ${viewRows.length}`);
  return { messages: messageRows.length, visitRequests: visitRows.length, pageViews: viewRows.length };
}

/**
 * Fills an empty, migrated database with a believable agency: team, listings over the 24 communes with
 * generated photos, messages, visit requests and two months of traffic.
 */
export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedResult> {
  if (!Number.isInteger(options.properties) || options.properties < 0)
    throw new Error('properties: a whole number ≥ 0');
  const rng = options.random ?? seededRandom();
  const log = options.log ?? (() => {});
  const now = Date.now();
  const stored = await storePictures(drawPictures(rng), options, log);

  return database.transaction(async (tx: Db) => {
    const mediaRows = [...stored.portraits, ...stored.scenes].map(mediaRow);
    await insertInBatches(mediaRows, (batch) => tx.insert(media).values(batch));
    const team = await insertTeam(tx, rng, now, stored.portraits);
    log(`Seeding: team ${team.count}/${TEAM.length}`);
    // Every row written here is marked as demo: staff can remove them all at once before going live.
    const rows = buildListings(rng, options.properties, {
      now: new Date(now),
      pool: stored.pool,
      agents: team.agents,
    }).map(asDemo);
    const listings = await insertListings(tx, rows, log);
    const activity = await insertActivity(tx, rng, now, listings, log);
    return { properties: listings.length, team: team.count, ...activity, media: mediaRows.length };
  });
}
