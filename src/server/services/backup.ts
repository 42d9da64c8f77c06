import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { mediaStore, type MediaStore } from '../../media/store.ts';
import { dumpRepository, type DatabaseDump } from '../repositories/dump.ts';
import { tarEntries, tarWriter } from './tar.ts';

// One dated archive (tar.gz) per backup: the database as JSON lines per table, the media files, and a
// manifest with each file's SHA-256; beside it `<archive>.sha256` (the `sha256sum` format) for the whole.

export interface Manifest {
  format: 'ndako-backup';
  version: 1;
  createdAt: string;
  database: Database['kind'];
  migrations: number;
  tables: {
    name: string;
    columns: string[];
    rows: number;
    sha256: string;
    sequence: DatabaseDump['tables'][number]['sequence'];
  }[];
  media: { name: string; bytes: number; sha256: string }[];
}

export interface BackupResult {
  file: string;
  sha256: string;
  bytes: number;
  rows: number;
  mediaFiles: number;
  durationMs: number;
}

/** A refusal with a message for whoever runs the command (a bad checksum, a database that is not empty). */
export class BackupError extends Error {
  override name = 'BackupError';
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
export const ARCHIVE = /^ndako-\d{8}-\d{6}\.tar\.gz$/;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Where the media of a backup are: the files of DATA_DIR/media, or with MEDIA_STORE=s3 the objects of the
 * bucket (`store`; DATA_DIR/media's parent then only holds a restore's staging folder).
 */
export const backupMedia = (e: Env): { mediaDir: string; store?: MediaStore } => ({
  mediaDir: join(e.DATA_DIR, 'media'),
  ...(e.MEDIA_STORE === 's3' ? { store: mediaStore(e) } : {}),
});

const MEDIA_TYPES: Record<string, string> = { webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm' };

/** Writes `backupDir/ndako-YYYYMMDD-HHMMSS.tar.gz` (UTC) and its `.sha256`, from an open database. */
export async function createBackup(options: {
  database: Database;
  mediaDir: string;
  /** The bucket of MEDIA_STORE=s3, read instead of mediaDir. */
  store?: MediaStore | undefined;
  backupDir: string;
  now?: Date;
}): Promise<BackupResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  await mkdir(options.backupDir, { recursive: true });
  let name = `ndako-${stamp(now)}.tar.gz`;
  // Two backups in the same second (a daily one and a manual one) each keep their own file.
  for (
    let i = 1;
    await stat(join(options.backupDir, name)).then(
      () => true,
      () => false,
    );
    i++
  ) {
    name = `ndako-${stamp(new Date(now.getTime() + i * 1000))}.tar.gz`;
  }
  const file = join(options.backupDir, name);
  const partial = `${file}.partial`;

  // The rows first, as of one moment; media after, so every file a dumped row names is there (an upload
  // made meanwhile only adds a file no row of the backup uses).
  const dump = await dumpRepository(options.database).dump();
  const gzip = createGzip({ level: 6 });
  const output = createWriteStream(partial);
  const written = pipeline(gzip, output);
  try {
    const tar = tarWriter(gzip);
    const manifest: Manifest = {
      format: 'ndako-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: options.database.kind,
      migrations: dump.migrations,
      tables: [],
      media: [],
    };
    for (const table of dump.tables) {
      const data = Buffer.from(table.lines.map((l) => `${l}\n`).join(''), 'utf8');
      const sha256 = await tar.entry(`db/${table.name}.jsonl`, data, now);
      manifest.tables.push({
        name: table.name,
        columns: table.columns,
        rows: table.lines.length,
        sha256,
        sequence: table.sequence,
      });
    }
    if (options.store) {
      for (const mediaName of (await options.store.list()).sort()) {
        // One object at a time, whole (an upload is at most MEDIA_MAX_VIDEO_MB); one deleted meanwhile is skipped.
        const data = await options.store.read(mediaName, Number.MAX_SAFE_INTEGER);
        if (!data) continue;
        const sha256 = await tar.entry(`media/${mediaName}`, data, now);
        manifest.media.push({ name: mediaName, bytes: data.length, sha256 });
      }
    }
    const names = options.store
      ? []
      : (await readdir(options.mediaDir, { withFileTypes: true }).catch(() => []))
          .filter((e) => e.isFile())
          .map((e) => e.name)
          .sort();
    for (const mediaName of names) {
      // Opened before the header is written: a file deleted meanwhile is skipped, never half in the archive.
      const handle = await open(join(options.mediaDir, mediaName), 'r').catch(() => null);
      if (!handle) continue;
      try {
        const info = await handle.stat();
        const sha256 = await tar.file(`media/${mediaName}`, handle, info.size, info.mtime);
        manifest.media.push({ name: mediaName, bytes: info.size, sha256 });
      } finally {
        await handle.close();
      }
    }
    await tar.entry('manifest.json', Buffer.from(JSON.stringify(manifest, null, 1)), now);
    await tar.end();
    await written;
    const sha256 = await sha256Of(partial);
    await rename(partial, file);
    await writeFile(`${file}.sha256`, `${sha256}  ${name}\n`);
    return {
      file,
      sha256,
      bytes: (await stat(file)).size,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      mediaFiles: manifest.media.length,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** Checks the archive against the `.sha256` beside it; refuses when it is missing or differs. */
export async function verifyArchive(file: string): Promise<void> {
  const sidecar = `${file}.sha256`;
  const expected = (await readFile(sidecar, 'utf8').catch(() => '')).trim().split(/\s+/)[0]?.toLowerCase();
  if (!expected || !/^[a-f0-9]{64}$/.test(expected)) {
    throw new BackupError(`No checksum beside the backup: ${sidecar} is missing or unreadable`);
  }
  const actual = await sha256Of(file).catch((error: unknown) => {
    throw new BackupError(`Cannot read the backup ${file}: ${(error as Error).message}`);
  });
  if (actual !== expected) {
    throw new BackupError(
      `Checksum mismatch: ${basename(file)} is damaged or not the file that was backed up (expected ${expected}, got ${actual}). Nothing was restored.`,
    );
  }
}

export interface RestoreResult {
  rows: number;
  mediaFiles: number;
  durationMs: number;
}

/**
 * Rebuilds an empty database (already opened, so migrated) and media folder from a backup. Refuses a
 * database with rows or a media folder with files unless `force`, which replaces everything.
 */
export async function restoreBackup(options: {
  file: string;
  database: Database;
  /** The media folder; with `store`, only where the archive is unpacked beside. */
  mediaDir: string;
  /** The bucket of MEDIA_STORE=s3, written instead of mediaDir. */
  store?: MediaStore | undefined;
  force?: boolean;
  /** The checksum was verified by the caller just before. */
  verified?: boolean;
}): Promise<RestoreResult> {
  const started = performance.now();
  const { database, mediaDir, store } = options;
  if (!options.verified) await verifyArchive(options.file);
  const repository = dumpRepository(database);
  const present = store
    ? await store.list()
    : (await readdir(mediaDir).catch(() => [])).filter((n) => !n.startsWith('.'));
  if (!options.force) {
    const rows = await repository.rowCount();
    if (rows > 0 || present.length > 0) {
      throw new BackupError(
        `The target is not empty (${rows} rows in the database, ${present.length} files in ${store ? 'the media bucket' : mediaDir}): a restore goes into an empty data folder or database; --force replaces everything`,
      );
    }
  }

  // Unpacked beside the media folder (same disk: files are then moved, not copied), checked, then loaded.
  const staging = join(dirname(mediaDir), `.restore-${Date.now()}`);
  await mkdir(join(staging, 'media'), { recursive: true });
  try {
    const hashes = new Map<string, string>();
    const tables = new Map<string, string[]>();
    let manifest: Manifest | null = null;
    for await (const entry of tarEntries(createReadStream(options.file).pipe(createGunzip()))) {
      const hash = createHash('sha256');
      if (entry.name.startsWith('media/')) {
        const mediaName = entry.name.slice('media/'.length);
        if (!/^[\w.-]+$/.test(mediaName))
          throw new BackupError(`Unexpected file in the backup: ${entry.name}`);
        const out = createWriteStream(join(staging, 'media', mediaName));
        for await (const chunk of entry.chunks) {
          hash.update(chunk);
          if (!out.write(chunk)) await once(out, 'drain');
        }
        out.end();
        await once(out, 'finish');
      } else {
        const parts: Buffer[] = [];
        for await (const chunk of entry.chunks) parts.push(chunk);
        const data = Buffer.concat(parts);
        hash.update(data);
        if (entry.name === 'manifest.json') manifest = JSON.parse(data.toString('utf8')) as Manifest;
        else if (/^db\/[a-z_]+\.jsonl$/.test(entry.name)) {
          tables.set(entry.name.slice(3, -6), data.toString('utf8').split('\n').filter(Boolean));
        } else throw new BackupError(`Unexpected file in the backup: ${entry.name}`);
      }
      hashes.set(entry.name, hash.digest('hex'));
    }
    if (manifest?.format !== 'ndako-backup') throw new BackupError('Not an Ndako backup: no manifest');
    const expected = [
      ...manifest.tables.map((t) => [`db/${t.name}.jsonl`, t.sha256] as const),
      ...manifest.media.map((m) => [`media/${m.name}`, m.sha256] as const),
    ];
    const bad = expected.filter(([name, sha]) => hashes.get(name) !== sha).map(([name]) => name);
    if (bad.length)
      throw new BackupError(`Files of the backup differ from its manifest: ${bad.slice(0, 5).join(', ')}`);

    const dump: DatabaseDump = {
      migrations: manifest.migrations,
      tables: manifest.tables.map((t) => ({
        name: t.name,
        columns: t.columns,
        lines: tables.get(t.name) ?? [],
        sequence: t.sequence,
      })),
    };
    await repository.load(dump, { wipe: Boolean(options.force) });
    if (store) {
      if (options.force) await store.remove(present);
      for (const m of manifest.media) {
        const data = await readFile(join(staging, 'media', m.name));
        await store.put(
          m.name,
          data,
          MEDIA_TYPES[m.name.split('.').pop() ?? ''] ?? 'application/octet-stream',
        );
      }
      return {
        rows: dump.tables.reduce((n, t) => n + t.lines.length, 0),
        mediaFiles: manifest.media.length,
        durationMs: Math.round(performance.now() - started),
      };
    }
    await mkdir(mediaDir, { recursive: true });
    if (options.force)
      await Promise.all(present.map((n) => rm(join(mediaDir, n), { recursive: true, force: true })));
    for (const m of manifest.media) await rename(join(staging, 'media', m.name), join(mediaDir, m.name));
    return {
      rows: dump.tables.reduce((n, t) => n + t.lines.length, 0),
      mediaFiles: manifest.media.length,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Deletes the oldest archives of `backupDir` (and their checksums) beyond the newest `keep`. */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(backupDir).catch(() => [])).filter((n) => ARCHIVE.test(n)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) {
    await rm(join(backupDir, name), { force: true });
    await rm(join(backupDir, `${name}.sha256`), { force: true });
  }
  return old;
}

/** When the newest archive of `backupDir` was made (from its name), or null. */
export async function lastBackupAt(backupDir: string): Promise<Date | null> {
  const newest = (await readdir(backupDir).catch(() => []))
    .filter((n) => ARCHIVE.test(n))
    .sort()
    .at(-1);
  const m = newest?.match(/^ndako-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}
