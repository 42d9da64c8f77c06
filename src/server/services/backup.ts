import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { mediaStore, type MediaStore } from '../../media/store.ts';
import { dumpRepository } from '../repositories/dump.ts';
import { clearBackupFailure, recordBackupFailure, sha256Of, stamp, type Manifest } from './backup-format.ts';
import { tarWriter } from './tar.ts';
export {
  ARCHIVE,
  BackupError,
  lastBackupAt,
  lastBackupFailure,
  pruneBackups,
  verifyArchive,
  type Manifest,
} from './backup-format.ts';
export { restoreBackup, type RestoreResult } from './backup-restore.ts';

// One dated archive (tar.gz) per backup: the database as JSON lines per table, the media files, and a
// manifest with each file's SHA-256; beside it `<archive>.sha256` (the `sha256sum` format) for the whole.
// Its format and checks are in backup-format.ts, the way back in backup-restore.ts.

export interface BackupResult {
  file: string;
  sha256: string;
  bytes: number;
  rows: number;
  mediaFiles: number;
  durationMs: number;
}

/**
 * Where the media of a backup are: the files of DATA_DIR/media, or with MEDIA_STORE=s3 the objects of the
 * bucket (`store`; DATA_DIR/media's parent then only holds a restore's staging folder).
 */
export const backupMedia = (e: Env): { mediaDir: string; store?: MediaStore } => ({
  mediaDir: join(e.DATA_DIR, 'media'),
  ...(e.MEDIA_STORE === 's3' ? { store: mediaStore(e) } : {}),
});

/**
 * Writes `backupDir/ndako-YYYYMMDD-HHMMSS.tar.gz` (UTC) and its `.sha256`, from an open database. A failure
 * is recorded beside the archives for admins to see, until a backup succeeds.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  try {
    const result = await writeBackup(options);
    await clearBackupFailure(options.backupDir);
    return result;
  } catch (error) {
    await recordBackupFailure(options.backupDir, error, options.now);
    throw error;
  }
}

interface BackupOptions {
  database: Database;
  mediaDir: string;
  /** The bucket of MEDIA_STORE=s3, read instead of mediaDir. */
  store?: MediaStore | undefined;
  backupDir: string;
  now?: Date;
}

type Tar = ReturnType<typeof tarWriter>;

/** The archive's name: the time in UTC, a second later for each archive of that name already there. */
async function archiveName(backupDir: string, now: Date): Promise<string> {
  let name = `ndako-${stamp(now)}.tar.gz`;
  // Two backups in the same second (a daily one and a manual one) each keep their own file.
  for (
    let i = 1;
    await stat(join(backupDir, name)).then(
      () => true,
      () => false,
    );
    i++
  ) {
    name = `ndako-${stamp(new Date(now.getTime() + i * 1000))}.tar.gz`;
  }
  return name;
}

/** Every table's rows as JSON lines, as of one moment; answers the migrations applied. */
async function addTables(
  tar: Tar,
  { database, spool, now, manifest }: { database: Database; spool: string; now: Date; manifest: Manifest },
): Promise<number> {
  return dumpRepository(database).dump(async (table, batches) => {
    // A tar entry starts with its size: a table's rows go to a file first, a batch at a time, so neither
    // the rows nor one string of them is ever whole in memory (past ~512 MB a string cannot be made).
    const rows = await spoolLines(spool, batches);
    const handle = await open(spool, 'r');
    try {
      const info = await handle.stat();
      const sha256 = await tar.file(`db/${table.name}.jsonl`, handle, info.size, now);
      manifest.tables.push({ ...table, rows, sha256 });
    } finally {
      await handle.close();
    }
  });
}

/** The media of the bucket (MEDIA_STORE=s3). */
async function addBucketMedia(tar: Tar, store: MediaStore, now: Date, manifest: Manifest): Promise<void> {
  for (const mediaName of (await store.list()).sort()) {
    // One object at a time, whole (an upload is at most MEDIA_MAX_VIDEO_MB); one deleted meanwhile is skipped.
    const data = await store.read(mediaName, Number.MAX_SAFE_INTEGER);
    if (!data) continue;
    const sha256 = await tar.entry(`media/${mediaName}`, data, now);
    manifest.media.push({ name: mediaName, bytes: data.length, sha256 });
  }
}

/** The media files of DATA_DIR/media, with their own times. */
async function addFolderMedia(tar: Tar, mediaDir: string, manifest: Manifest): Promise<void> {
  const names = (await readdir(mediaDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
  for (const mediaName of names) {
    // Opened before the header is written: a file deleted meanwhile is skipped, never half in the archive.
    const handle = await open(join(mediaDir, mediaName), 'r').catch(() => null);
    if (!handle) continue;
    try {
      const info = await handle.stat();
      const sha256 = await tar.file(`media/${mediaName}`, handle, info.size, info.mtime);
      manifest.media.push({ name: mediaName, bytes: info.size, sha256 });
    } finally {
      await handle.close();
    }
  }
}

async function writeBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  // Only its owner reads the archives (every message, every password hash): a folder created 0700, files 0600.
  await mkdir(options.backupDir, { recursive: true, mode: 0o700 });
  const name = await archiveName(options.backupDir, now);
  const file = join(options.backupDir, name);
  const partial = `${file}.partial`;

  // The rows first, as of one moment; media after, so every file a dumped row names is there (an upload
  // made meanwhile only adds a file no row of the backup uses).
  const gzip = createGzip({ level: 6 });
  const output = createWriteStream(partial, { mode: 0o600 });
  const written = pipeline(gzip, output);
  const spool = `${partial}.rows`;
  try {
    const tar = tarWriter(gzip);
    const manifest: Manifest = {
      format: 'ndako-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: options.database.kind,
      migrations: 0,
      tables: [],
      media: [],
    };
    manifest.migrations = await addTables(tar, { database: options.database, spool, now, manifest });
    if (options.store) await addBucketMedia(tar, options.store, now, manifest);
    else await addFolderMedia(tar, options.mediaDir, manifest);
    await tar.entry('manifest.json', Buffer.from(JSON.stringify(manifest, null, 1)), now);
    await tar.end();
    await written;
    const sha256 = await sha256Of(partial);
    await rename(partial, file);
    await writeFile(`${file}.sha256`, `${sha256}  ${name}\n`, { mode: 0o600 });
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
  } finally {
    await rm(spool, { force: true });
  }
}

/** Writes each batch's lines to `file` (replaced), waiting when the disk is slower; answers the line count. */
async function spoolLines(file: string, batches: AsyncIterable<string[]>): Promise<number> {
  const out = createWriteStream(file, { mode: 0o600 });
  let count = 0;
  try {
    for await (const lines of batches) {
      count += lines.length;
      if (!out.write(lines.map((l) => `${l}\n`).join(''))) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
}
