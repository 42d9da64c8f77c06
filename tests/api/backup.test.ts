import { getTableName, is, isNull } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupStatus, Property } from '../../src/contract/index.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { seedDemo } from '../../src/demo/index.ts';
import { parseEnv } from '../../src/env.ts';
import { createApp } from '../../src/server/app.ts';
import { dumpRepository, tablesInOrder } from '../../src/server/repositories/dump.ts';
import { scheduleDailyBackups } from '../../src/server/services/backup-schedule.ts';
import {
  createBackup,
  restoreBackup,
  verifyArchive,
  type BackupResult,
} from '../../src/server/services/backup.ts';
import type { RestoreLimits } from '../../src/server/services/backup-restore.ts';
import { tarWriter } from '../../src/server/services/tar.ts';
import { buildTestApp, openTestDatabase, openTestPglite, testEnv, type TestApp } from '../helpers/app.ts';
import { createMessage, createProperty, propertyInput } from '../helpers/fixtures.ts';
import { makeImage, uploadForm } from '../helpers/media.ts';
import { writeSite } from '../helpers/site-builder.ts';

// Back up, destroy, restore: the same rows in every table, the same files, and a site published again.

/** The tables a backup keeps: all but the instances' transient shared state (rate-limit windows, the day's salt). */
const keptTables = () =>
  (Object.values(schema).filter((t) => is(t, PgTable)) as PgTable[]).filter(
    (t) => !schema.TRANSIENT_TABLES.includes(getTableName(t)),
  );

/** A restore revokes every session (decision 0049): rows are compared without that column, checked apart. */
function withoutRevocation(row: object): object {
  const { revokedAt: _a, revoked_at: _b, ...rest } = row as Record<string, unknown>;
  return rest;
}

/** Sessions that still let someone in. */
async function liveSessions(database: Database): Promise<number> {
  const rows = await database.db.select().from(schema.sessions).where(isNull(schema.sessions.revokedAt));
  return rows.length;
}

/** Every row of every kept table, as Drizzle reads it (independent of the dump's own SQL), sorted. */
async function rowsOf(database: Database): Promise<Record<string, string[]>> {
  const tables = keptTables();
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await database.db.select().from(table);
    out[getTableName(table)] = rows.map((r) => JSON.stringify(withoutRevocation(r))).sort();
  }
  return out;
}

/** The dump's own lines, table by table (PostgreSQL's text, as the archive holds it). */
async function dumpedLines(database: Database): Promise<string[][]> {
  const tables: string[][] = [];
  await dumpRepository(database).dump(async (table, batches) => {
    const lines: string[] = [];
    for await (const batch of batches) {
      if (table.name !== 'sessions') lines.push(...batch);
      else lines.push(...batch.map((l) => JSON.stringify(withoutRevocation(JSON.parse(l) as object))));
    }
    tables.push(lines);
  });
  return tables;
}

async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    out[name] = createHash('sha256')
      .update(await readFile(join(dir, name)))
      .digest('hex');
  }
  return out;
}

describe('backup and restore', () => {
  let t: TestApp;
  let scratch: string;
  let backup: BackupResult;
  let rows: Record<string, string[]>;
  let exact: string[][];
  let liveBefore: number;
  let files: Record<string, string>;
  let deletedId: number;
  let target: Awaited<ReturnType<typeof openTestDatabase>> | undefined;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'ndako-backup-test-'));
    t = await buildTestApp();
    await seedDemo(t.database, { media: t.app.mediaStore, properties: 8, maxPixels: 40_000 });
    // Staff work on top: an upload, a listing, an edit, a deletion (the sequence then runs past the last id).
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: t.auth,
      payload: uploadForm(await makeImage('png', 64, 48), 'a.png', 'image/png', 'image'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await createProperty(t, { title: 'Appartement « Le Fleuve »', price: 123456.78, media: [upload.json()] });
    const doomed = await createProperty(t);
    deletedId = doomed.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/properties/${doomed.id}`, headers: t.auth }))
        .statusCode,
    ).toBe(204);
    await createMessage(t, { content: 'Bonjour,\nune ligne "citée" et un \\ antislash' });

    rows = await rowsOf(t.database);
    exact = await dumpedLines(t.database);
    liveBefore = await liveSessions(t.database);
    files = await filesOf(join(t.env.DATA_DIR, 'media'));
    backup = await createBackup({
      database: t.database,
      mediaDir: join(t.env.DATA_DIR, 'media'),
      backupDir: join(scratch, 'backups'),
    });
    // Destroyed: the database dropped, the data folder gone.
    await t.close();
  });
  afterAll(async () => {
    await target?.drop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('writes one dated archive and its checksum', async () => {
    expect(backup.file).toMatch(/ndako-\d{8}-\d{6}\.tar\.gz$/);
    const sidecar = await readFile(`${backup.file}.sha256`, 'utf8');
    expect(sidecar).toMatch(new RegExp(`^${backup.sha256}  ndako-\\d{8}-\\d{6}\\.tar\\.gz\\n$`));
    expect(backup.mediaFiles).toBe(Object.keys(files).length);
    expect(backup.rows).toBe(Object.values(rows).reduce((n, r) => n + r.length, 0));
  });

  it('refuses a damaged archive before touching anything', async () => {
    const damaged = join(scratch, 'damaged.tar.gz');
    const bytes = await readFile(backup.file);
    const middle = bytes.length >> 1;
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    await writeFile(damaged, bytes);
    await copyFile(`${backup.file}.sha256`, `${damaged}.sha256`);
    await expect(verifyArchive(damaged)).rejects.toThrow(/Checksum mismatch/);
    const database = await openTestPglite();
    const mediaDir = join(scratch, 'damaged-media');
    await expect(restoreBackup({ file: damaged, database, mediaDir })).rejects.toThrow(/Checksum mismatch/);
    expect(await dumpRepository(database).rowCount()).toBe(0);
    await database.close();
    await rm(`${damaged}.sha256`);
    await expect(verifyArchive(damaged)).rejects.toThrow(/No checksum/);
  }, 180_000);

  it('refuses an archive that unpacks past its limits or names files it should not, before loading anything', async () => {
    const database = await openTestPglite();
    const mediaDir = join(scratch, 'limited', 'media');
    const restore = (file: string, limits?: RestoreLimits) =>
      restoreBackup({ file, database, mediaDir, verified: true, ...(limits ? { limits } : {}) });
    try {
      await expect(restore(backup.file, { entryBytes: 4096 })).rejects.toThrow(
        /over the limit of 1 MB a file/,
      );
      await expect(restore(backup.file, { totalBytes: 100_000 })).rejects.toThrow(
        /unpacks to more than 1 MB/,
      );
      for (const name of ['media/.htaccess', 'media/a/b.webp', 'db/../x.jsonl', 'etc/passwd']) {
        const file = join(scratch, 'hostile.tar.gz');
        const gzip = createGzip();
        const written = pipeline(gzip, createWriteStream(file));
        const tar = tarWriter(gzip);
        await tar.entry(name.replace('../', 'xx/'), Buffer.from('x'));
        await tar.end();
        await written;
        // Written under an allowed name, then renamed in place: the writer itself refuses `..`.
        const bytes = gunzipSync(await readFile(file));
        bytes.write(name.padEnd(100, '\0'), 0, 100, 'utf8');
        let sum = 0;
        bytes.fill(' ', 148, 156);
        for (const b of bytes.subarray(0, 512)) sum += b;
        bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
        await writeFile(file, gzipSync(bytes));
        await expect(restore(file), name).rejects.toThrow(/Unexpected file in the backup/);
      }
      expect(await dumpRepository(database).rowCount()).toBe(0);
      expect(await readdir(mediaDir).catch(() => [])).toEqual([]);
      // Nothing left of the staging folders beside the media folder.
      expect(await readdir(dirname(mediaDir))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('rebuilds an empty database and media folder: same rows, same files, ids not reused, site published', async () => {
    target = await openTestDatabase();
    const dataDir = join(scratch, 'restored');
    const mediaDir = join(dataDir, 'media');
    const result = await restoreBackup({ file: backup.file, database: target.database, mediaDir });
    expect(result.rows).toBe(backup.rows);
    expect(await rowsOf(target.database)).toEqual(rows);
    expect(await dumpedLines(target.database)).toEqual(exact);
    expect(liveBefore).toBeGreaterThan(0);
    expect(await liveSessions(target.database)).toBe(0);
    expect(await filesOf(mediaDir)).toEqual(files);

    const env = testEnv(dataDir);
    const app = await createApp({ env, database: target.database, siteBuilder: writeSite('Restauré') });
    try {
      // The accounts came back: the admin of before logs in with the same password.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: t.adminEmail, password: t.adminPassword },
      });
      expect(login.statusCode, login.body).toBe(200);
      const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const created = await app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: auth,
        payload: propertyInput(),
      });
      expect(created.statusCode, created.body).toBe(201);
      // The sequence came back too: the id of the listing deleted before the backup is not handed out again.
      expect(created.json<Property>().id).toBeGreaterThan(deletedId);
      const photo = (await app.inject('/api/properties?limit=100'))
        .json<{ data: Property[] }>()
        .data.flatMap((p) => p.media)[0];
      expect((await app.inject(photo!.url)).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/publish', headers: auth })).statusCode).toBe(202);
      expect((await app.publisher.settled())?.ok).toBe(true);
      expect((await app.inject('/')).body).toContain('Restauré');
    } finally {
      await app.close();
    }
  }, 180_000);

  it('refuses a database that is not empty, and replaces it with --force', async () => {
    const mediaDir = join(scratch, 'restored', 'media');
    await expect(restoreBackup({ file: backup.file, database: target!.database, mediaDir })).rejects.toThrow(
      /not empty/,
    );
    await writeFile(join(mediaDir, 'extra.webp'), 'x');
    if (target!.url) {
      // A server on the same PostgreSQL (another machine's, as far as the lock knows) holds it: refused.
      const server = await openDatabase({ kind: 'postgres', url: target!.url, max: 1 });
      await server.holdInUse();
      try {
        await expect(
          restoreBackup({ file: backup.file, database: target!.database, mediaDir, force: true }),
        ).rejects.toThrow(/in use by a running Ndako server/);
        expect(await filesOf(mediaDir)).toHaveProperty(['extra.webp']);
      } finally {
        await server.close();
      }
    }
    await restoreBackup({ file: backup.file, database: target!.database, mediaDir, force: true });
    expect(await rowsOf(target!.database)).toEqual(rows);
    expect(await filesOf(mediaDir)).toEqual(files);
  });

  it('restores into the other kind of database too (PGlite)', async () => {
    const database = await openTestPglite();
    try {
      await restoreBackup({ file: backup.file, database, mediaDir: join(scratch, 'pglite-media') });
      expect(await dumpedLines(database)).toEqual(exact);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('the daily backup writes an archive when the last is a day old and keeps BACKUP_KEEP', async () => {
    const backupDir = join(scratch, 'daily');
    await restoreBackup({
      file: backup.file,
      database: target!.database,
      mediaDir: join(scratch, 'restored', 'media'),
      force: true,
    });
    const old = [
      'ndako-20240101-020000.tar.gz',
      'ndako-20240102-020000.tar.gz',
      'ndako-20240103-020000.tar.gz',
    ];
    await rm(backupDir, { recursive: true, force: true });
    await mkdir(backupDir, { recursive: true });
    for (const name of old) await writeFile(join(backupDir, name), 'old');
    const env = parseEnv({
      DATA_DIR: join(scratch, 'restored'),
      BACKUP_DIR: backupDir,
      BACKUP_DAILY: 'true',
      BACKUP_KEEP: '2',
      LOG_LEVEL: 'silent',
    });
    const log = { info: () => {}, error: (e: unknown) => console.error(e) } as never;
    const schedule = scheduleDailyBackups({ database: target!.database, env, log });
    schedule.check();
    await schedule.stop();
    const archives = (await readdir(backupDir)).filter((n) => n.endsWith('.tar.gz')).sort();
    expect(archives).toHaveLength(2);
    expect(archives[0]).toBe(old[2]);
    expect(archives[1]).toMatch(/^ndako-20\d{6}-\d{6}\.tar\.gz$/);
    // Within a day of the last one: nothing more.
    schedule.check();
    await schedule.stop();
    expect((await readdir(backupDir)).filter((n) => n.endsWith('.tar.gz'))).toHaveLength(2);
  });

  it('covers every table of the schema, referenced tables first', () => {
    const order = tablesInOrder();
    expect(order.indexOf('team_members')).toBeLessThan(order.indexOf('properties'));
    expect(order.indexOf('accounts')).toBeLessThan(order.indexOf('audit_log'));
    expect(order).toHaveLength(keptTables().length);
    expect(keptTables().length).toBe(
      Object.values(schema).filter((t) => is(t, PgTable)).length - schema.TRANSIENT_TABLES.length,
    );
  });
});

describe('a failed backup, and who can read the archives', () => {
  let t: TestApp;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = join(await mkdtemp(join(tmpdir(), 'ndako-backup-status-')), 'backups');
    t = await buildTestApp({ env: { BACKUP_DIR: backupDir, BACKUP_DAILY: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dirname(backupDir), { recursive: true, force: true });
  });
  const status = async () => {
    const res = await t.app.inject({ url: '/api/backups/status', headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BackupStatus>();
  };

  it('is shown to admins until a backup succeeds; archives and folder are their owner’s only', async () => {
    expect(await status()).toEqual({ daily: true, lastBackupAt: null, lastFailure: null, overdue: true });
    const closed = await openTestPglite();
    await closed.close();
    await expect(
      createBackup({ database: closed, mediaDir: join(t.env.DATA_DIR, 'media'), backupDir }),
    ).rejects.toThrow();
    const failed = await status();
    expect(failed.lastFailure?.message).toBeTruthy();
    expect(Date.now() - Date.parse(failed.lastFailure!.at)).toBeLessThan(60_000);

    const done = await createBackup({
      database: t.database,
      mediaDir: join(t.env.DATA_DIR, 'media'),
      backupDir,
    });
    expect(await status()).toMatchObject({ lastFailure: null, overdue: false });
    expect((await stat(backupDir)).mode & 0o777).toBe(0o700);
    expect((await stat(done.file)).mode & 0o777).toBe(0o600);
    expect((await stat(`${done.file}.sha256`)).mode & 0o777).toBe(0o600);
  });
});
