import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTmpdir } from '../../scripts/lib/memory-tmpdir.ts';
import type { S3Request } from '../../scripts/lib/s3rver.ts';
import { s3Client } from '../../src/media/s3.ts';
import { fileObject, type BuildIndex } from '../../src/server/publishing/site-bucket-layout.ts';
import { buildFiles, siteBucket, type SiteUploadReport } from '../../src/server/publishing/site-bucket.ts';
import { SITE_BUCKET, startS3, type S3Server } from '../helpers/s3-server.ts';

// The site in a bucket at real size: a site of 1,600 files, written here (an `astro build` takes
// minutes), published to s3rver (in a process of its own, so that listings past 1,000 keys work), then
// published again after a few changes: only those are sent, in far fewer requests than one per file.
// No database: this file runs in one project (vitest.config.ts).

const PREFIX = 'big';
let s3: S3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startS3();
  dir = await mkdtemp(join(memoryTmpdir(), 'ndako-big-site-'));
});
afterAll(async () => {
  await s3?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const write = async (path: string, text: string) => {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
};
/** 700 listings in two languages, 150 scripts, 47 data files (two alike), three pages: 1,600 files. */
async function writeSite() {
  const page = (title: string) => `<!doctype html><title>${title}</title><p>${'Kinshasa '.repeat(40)}</p>`;
  const files: [string, string][] = [
    ['index.html', page('Accueil')],
    ['index.html.br', 'a copy for this server only'],
    ['404.html', page('Introuvable')],
    ['en/index.html', page('Home')],
  ];
  for (let i = 0; i < 700; i++) {
    files.push(
      [`property/${i}/index.html`, page(`Annonce ${i}`)],
      [`en/property/${i}/index.html`, page(`Listing ${i}`)],
    );
  }
  for (let i = 0; i < 150; i++) files.push([`_astro/chunk.${i}.js`, `export const n = ${i};`]);
  for (let i = 0; i < 45; i++) files.push([`data/page-${i}.json`, JSON.stringify({ page: i })]);
  files.push(['data/page-45.json', '[]'], ['data/page-46.json', '[]']);
  const folders = new Set(files.map(([path]) => dirname(join(dir, path))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all(files.map(([path, text]) => writeFile(join(dir, path), text)));
}

const bucket = () => siteBucket(s3.client, SITE_BUCKET, PREFIX);
const objectKeys = async () => new Set(await s3.keys(SITE_BUCKET, `${PREFIX}/objects/`));
const indexOf = async (build: string) =>
  JSON.parse((await s3.bytes(SITE_BUCKET, `${PREFIX}/builds/${build}.json`)).toString()) as BuildIndex;
const shardKeys = async (build: string) =>
  Object.values((await indexOf(build)).shards).map((name) => `${PREFIX}/objects/${name}`);
/** The key each file of the folder must have: named by its bytes and headers. */
async function expectedKeys(): Promise<Map<string, string>> {
  const paths = await buildFiles(dir);
  const named = await Promise.all(
    paths.map(
      async (p) => `${PREFIX}/objects/${fileObject(p, await readFile(join(dir, p)), '_astro/').name}`,
    ),
  );
  return new Map(paths.map((p, i) => [p, named[i]!]));
}

/** Publishes the folder, answering the report and what s3rver received meanwhile. */
async function publish() {
  await s3.drain();
  const report = await bucket().upload(dir);
  const { requests } = await s3.drain();
  const count = (keep: (r: S3Request) => boolean) => requests.filter(keep).length;
  const uploads = requests
    .filter((r) => r.method === 'PUT' && !r.copy)
    .map((r) => decodeURIComponent(r.path));
  return {
    report,
    requests: requests.length,
    uploads,
    copies: count((r) => r.copy),
    lists: count((r) => r.method === 'GET' && r.query.includes('list-type=2')),
  };
}

/** The objects the bucket holds now (a listing of more than 1,000 keys: two requests). */
let listed = new Set<string>();

/**
 * Every file of the folder is in the build as an edge rule reads it (index, then shards), and every object
 * it names is in the bucket; answers each path's key.
 */
async function expectComplete(build: string) {
  const files = await bucket().files(build);
  const expected = await expectedKeys();
  expect(new Map([...(files ?? [])].sort())).toEqual(new Map([...expected].sort()));
  listed = await objectKeys();
  for (const key of [...expected.values(), ...(await shardKeys(build))])
    expect(listed.has(key), key).toBe(true);
  return expected;
}

// 1,600 objects through s3rver take 10–25 s of a core here, and up to 40 s while the other suites share the
// machine: the default 30 s would fail a correct upload on a busy run.
describe('a site of 1,600 files in a bucket', { timeout: 90_000 }, () => {
  let first: SiteUploadReport;
  let second: SiteUploadReport;

  it('uploads every file once, then its shards, its index and the pointer', async () => {
    await writeSite();
    const done = await publish();
    first = done.report;
    // The two data files alike are one object.
    expect(first).toMatchObject({ files: 1600, sent: 1599, unchanged: 0, pruneError: null });
    const shards = await shardKeys(first.build);
    expect(shards).toHaveLength(16);
    expect(done.uploads).toHaveLength(1599 + shards.length + 2);
    expect(done.uploads.slice(-2)).toEqual([
      `/${SITE_BUCKET}/${PREFIX}/builds/${first.build}.json`,
      `/${SITE_BUCKET}/${PREFIX}/current.json`,
    ]);
    // Besides: the pointer read, the objects and the builds listed.
    expect(done).toMatchObject({ requests: done.uploads.length + 3, copies: 0 });
    expect(await bucket().pointer()).toMatchObject({ build: first.build, previous: null });
    const expected = await expectComplete(first.build);
    expect(listed.size).toBe(1599 + 16);
    const home = await s3.head(SITE_BUCKET, expected.get('index.html')!);
    expect([home.ContentType, home.CacheControl]).toEqual(['text/html; charset=utf-8', 'no-cache']);
    const listing = await s3.bytes(SITE_BUCKET, expected.get('en/property/699/index.html')!);
    expect(listing.toString()).toContain('Listing 699');
  });

  it('sends only the changed and added files after a few changes, past 1,000 listed objects', async () => {
    await write('property/1/index.html', '<title>Annonce 1, baisse de prix</title>');
    await write('en/property/2/index.html', '<title>Listing 2, price cut</title>');
    await write('_astro/chunk.3.js', 'export const n = 3.5;');
    await unlink(join(dir, 'property/4/index.html'));
    await write('property/700/index.html', '<title>Annonce 700</title>');
    const done = await publish();
    second = done.report;
    expect(second).toMatchObject({ files: 1600, sent: 4, unchanged: 1596, removedObjects: 0 });
    const [now, was] = [await indexOf(second.build), await indexOf(first.build)];
    const shards = Object.keys(now.shards).filter((p) => now.shards[p] !== was.shards[p]);
    expect(shards.length).toBeGreaterThan(0);
    const expected = await expectComplete(second.build);
    const changed = [
      'property/1/index.html',
      'en/property/2/index.html',
      '_astro/chunk.3.js',
      'property/700/index.html',
    ];
    expect(done.uploads.sort()).toEqual(
      [
        ...changed.map((p) => expected.get(p)!),
        ...shards.map((p) => `${PREFIX}/objects/${now.shards[p]}`),
        `${PREFIX}/builds/${second.build}.json`,
        `${PREFIX}/current.json`,
      ]
        .map((key) => `/${SITE_BUCKET}/${key}`)
        .sort(),
    );
    // Besides: two listing requests of the objects (1,615 of them), one of the builds, the pointer, the
    // online build's index and its changed shards; nothing deleted, the previous build is kept whole.
    expect(done.lists).toBe(3);
    expect(done.requests).toBe(done.uploads.length + 3 + 2 + shards.length);
    expect(await bucket().pointer()).toMatchObject({ build: second.build, previous: first.build });
    const previous = await bucket().files(first.build);
    expect(previous?.get('property/4/index.html')).toBeDefined();
    for (const key of previous!.values()) expect(listed.has(key)).toBe(true);
  });

  it('deletes the build before the previous one, and the objects only it had', async () => {
    const gone = (await bucket().files(first.build))!;
    const before = listed;
    await write('index.html', '<title>Accueil, nouvelles annonces</title>');
    const { report } = await publish();
    expect(report).toMatchObject({ sent: 1, removedBuilds: [first.build], pruneError: null });
    expect(await s3.keys(SITE_BUCKET, `${PREFIX}/builds/`)).toEqual(
      [second.build, report.build].map((b) => `${PREFIX}/builds/${b}.json`).sort(),
    );
    // The bucket holds exactly what the two kept builds name.
    const kept = new Set<string>();
    for (const build of [second.build, report.build]) {
      for (const key of (await bucket().files(build))!.values()) kept.add(key);
      for (const key of await shardKeys(build)) kept.add(key);
    }
    expect([...(await objectKeys())].sort()).toEqual([...kept].sort());
    // The first versions of the changed files, the deleted one's, and the shards only the first build had.
    const removed = [...before].filter((key) => !kept.has(key));
    expect(removed).toEqual(
      expect.arrayContaining([gone.get('property/4/index.html'), gone.get('_astro/chunk.3.js')]),
    );
    expect(report.removedObjects).toBe(removed.length);
  });
});

/** A client of this s3rver whose requests fail when `refuse` says so, as a store's would. */
function refusing(refuse: (command: string) => boolean) {
  const client = s3Client(s3.settings);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '';
      if (refuse(command)) throw new Error(`${command} refused by the test`);
      return next(args);
    },
    { step: 'initialize', name: 'refuseForTheTest' },
  );
  return client;
}

describe('failures while publishing to a bucket', () => {
  const small = 'small';
  const paths = ['index.html', '404.html', ...Array.from({ length: 18 }, (_, i) => `p${i}.html`)];
  const writeSmall = (version: string) =>
    Promise.all(paths.map((p) => writeFile(join(dir, p), `<title>${p} ${version}</title>`)));

  it('leaves the pointer and the online build as they were when an upload fails, then reuses what went', async () => {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    await writeSmall('v1');
    const online = await siteBucket(s3.client, SITE_BUCKET, small).upload(dir);
    await writeSmall('v2');
    let puts = 0;
    const failing = refusing((command) => command === 'PutObjectCommand' && ++puts === 3);
    await s3.drain();
    await expect(siteBucket(failing, SITE_BUCKET, small).upload(dir)).rejects.toThrow('refused by the test');
    failing.destroy();
    // The uploads running when the third was refused ended; no other file was read or sent after it.
    const went = (await s3.drain()).requests.filter((r) => r.method === 'PUT').length;
    expect(went).toBeGreaterThanOrEqual(2);
    expect(went).toBeLessThan(10);
    const target = siteBucket(s3.client, SITE_BUCKET, small);
    expect(await target.pointer()).toMatchObject({ build: online.build, previous: null });
    expect((await target.files(online.build))?.size).toBe(paths.length);
    // What the failed publish sent is in the bucket: the next one sends the others only.
    const next = await target.upload(dir);
    expect(next).toMatchObject({
      sent: paths.length - went,
      unchanged: went,
      removedBuilds: [],
      pruneError: null,
    });
    expect(await target.pointer()).toMatchObject({ build: next.build, previous: online.build });
  });

  it('publishes when deleting older builds fails after the switch, and deletes them the next time', async () => {
    const ok = siteBucket(s3.client, SITE_BUCKET, small);
    const [older, online] = [(await ok.pointer())!.previous!, (await ok.pointer())!.build];
    await writeSmall('v3');
    const failing = refusing((command) => command === 'DeleteObjectsCommand');
    const done = await siteBucket(failing, SITE_BUCKET, small).upload(dir);
    failing.destroy();
    expect(done.pruneError).toBe('DeleteObjectsCommand refused by the test');
    expect(await ok.pointer()).toMatchObject({ build: done.build, previous: online });
    expect(await ok.files(older)).not.toBeNull();
    await writeSmall('v4');
    const next = await ok.upload(dir);
    expect(next.removedBuilds).toEqual([older, online].sort());
    expect(await ok.files(older)).toBeNull();
  });
});
