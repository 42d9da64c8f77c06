// Restoring a backup archive (backup.ts writes them) into an empty database and media folder or bucket.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/store.ts';
import { dumpRepository, type DatabaseDump } from '../repositories/dump.ts';
import { BackupError, verifyArchive, type Manifest } from './backup-format.ts';
import { tarEntries } from './tar.ts';

const MEDIA_TYPES: Record<string, string> = { webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm' };
/** A media file's name as uploads make them: no folder, no leading dot (so neither `.` nor `..`). */
const MEDIA_NAME = /^[\w-][\w.-]{0,199}$/;
const TABLE_NAME = /^[a-z_]{1,63}$/;
/** The manifest is read into memory: a few hundred bytes per table and media file. */
const MANIFEST_MAX_BYTES = 64 * 1_048_576;
/** Rows inserted per statement on the way back (and at most this many bytes of them). */
const LOAD_ROWS = 500;
const LOAD_BYTES = 4 * 1_048_576;
const MB = (bytes: number) => `${Math.ceil(bytes / 1_048_576)} MB`;

export interface RestoreResult {
  rows: number;
  mediaFiles: number;
  durationMs: number;
}

/** How much an archive may unpack to: a damaged or hostile archive stops there, not at a full disk. */
export interface RestoreLimits {
  /** One file of the archive (a table's rows, a media file); default 8 GB. */
  entryBytes?: number;
  /** Everything unpacked; default the free space of the disk the staging folder is on. */
  totalBytes?: number;
}

interface RestoreOptions {
  file: string;
  database: Database;
  /** The media folder; with `store`, only where the archive is unpacked beside. */
  mediaDir: string;
  /** The bucket of MEDIA_STORE=s3, written instead of mediaDir. */
  store?: MediaStore | undefined;
  force?: boolean;
  /** The checksum was verified by the caller just before. */
  verified?: boolean;
  limits?: RestoreLimits;
}

/**
 * Rebuilds an empty database (already opened, so migrated) and media folder from a backup, while no server
 * has the database in use; every session is then revoked (its tokens are the backup's). Refuses a database
 * with rows or a media folder with files unless `force`, which replaces everything.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const { database } = options;
  if (!options.verified) await verifyArchive(options.file);
  const release = await database.takeAlone();
  if (!release) {
    throw new BackupError(
      'The database is in use by a running Ndako server (on this machine or another): stop every instance, then restore. Nothing was changed.',
    );
  }
  try {
    return await restoreAlone({ ...options, started });
  } finally {
    await release();
  }
}

async function restoreAlone(options: RestoreOptions & { started: number }): Promise<RestoreResult> {
  const { database, mediaDir, store, started } = options;
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

  // Unpacked beside the media folder (same disk: files are then moved, not copied), in a folder of a
  // random name only this user can open, checked, then loaded.
  await mkdir(dirname(mediaDir), { recursive: true });
  const staging = await mkdtemp(join(dirname(mediaDir), '.restore-'));
  try {
    await mkdir(join(staging, 'media'));
    await mkdir(join(staging, 'db'));
    const { manifest, hashes } = await unpack(options.file, staging, {
      entryBytes: options.limits?.entryBytes ?? 8 * 1024 * 1_048_576,
      totalBytes: options.limits?.totalBytes ?? (await freeBytes(staging)),
    });
    const bad = [
      ...manifest.tables.map((t) => [`db/${t.name}.jsonl`, t.sha256] as const),
      ...manifest.media.map((m) => [`media/${m.name}`, m.sha256] as const),
    ]
      .filter(([name, sha]) => hashes.get(name) !== sha)
      .map(([name]) => name);
    if (bad.length)
      throw new BackupError(`Files of the backup differ from its manifest: ${bad.slice(0, 5).join(', ')}`);

    const dump: DatabaseDump = {
      migrations: manifest.migrations,
      tables: manifest.tables.map((t) => ({
        name: t.name,
        columns: t.columns,
        sequence: t.sequence,
        batches: () => linesOf(join(staging, 'db', `${t.name}.jsonl`)),
      })),
    };
    await repository.load(dump, { wipe: Boolean(options.force) });
    const result = {
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      mediaFiles: manifest.media.length,
      durationMs: 0,
    };
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
    } else {
      await mkdir(mediaDir, { recursive: true });
      if (options.force)
        await Promise.all(present.map((n) => rm(join(mediaDir, n), { recursive: true, force: true })));
      for (const m of manifest.media) await rename(join(staging, 'media', m.name), join(mediaDir, m.name));
    }
    return { ...result, durationMs: Math.round(performance.now() - started) };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/**
 * Unpacks the archive's files into `staging` (db/, media/), each hashed on the way, and reads its manifest.
 * Refuses a name that is not a table's or a media file's, a file twice, and sizes over the limits (known
 * from each entry's header, before its bytes are written).
 */
async function unpack(
  file: string,
  staging: string,
  limits: Required<RestoreLimits>,
): Promise<{ manifest: Manifest; hashes: Map<string, string> }> {
  const hashes = new Map<string, string>();
  let manifest: Manifest | null = null;
  let total = 0;
  for await (const entry of tarEntries(createReadStream(file).pipe(createGunzip()))) {
    const target = stagedPath(staging, entry.name);
    if (hashes.has(entry.name)) throw new BackupError(`The backup holds ${entry.name} twice`);
    if (!Number.isSafeInteger(entry.size) || entry.size < 0)
      throw new BackupError(`The backup is damaged: ${entry.name} has no size`);
    const limit = target ? limits.entryBytes : MANIFEST_MAX_BYTES;
    if (entry.size > limit) {
      throw new BackupError(
        `${entry.name} of the backup unpacks to ${MB(entry.size)}, over the limit of ${MB(limit)} a file: nothing was restored`,
      );
    }
    total += entry.size;
    if (total > limits.totalBytes) {
      throw new BackupError(
        `The backup unpacks to more than ${MB(limits.totalBytes)} (the free space where it is unpacked, or the limit set): nothing was restored`,
      );
    }
    const hash = createHash('sha256');
    if (target) {
      const out = createWriteStream(target, { mode: 0o600 });
      for await (const chunk of entry.chunks) {
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'close');
    } else {
      const parts: Buffer[] = [];
      for await (const chunk of entry.chunks) parts.push(chunk);
      const data = Buffer.concat(parts);
      hash.update(data);
      manifest = parseManifest(data);
    }
    hashes.set(entry.name, hash.digest('hex'));
  }
  if (!manifest) throw new BackupError('Not an Ndako backup: no manifest');
  return { manifest, hashes };
}

/** Where an entry of the archive is unpacked; null for the manifest; refuses any other name. */
function stagedPath(staging: string, name: string): string | null {
  if (name === 'manifest.json') return null;
  const table = /^db\/(.+)\.jsonl$/.exec(name)?.[1];
  if (table && TABLE_NAME.test(table)) return join(staging, 'db', `${table}.jsonl`);
  const media = /^media\/(.+)$/.exec(name)?.[1];
  if (media && MEDIA_NAME.test(media)) return join(staging, 'media', media);
  throw new BackupError(`Unexpected file in the backup: ${name.slice(0, 200)}`);
}

/** The manifest, its names checked like the entries' (they become paths and SQL identifiers). */
function parseManifest(data: Buffer): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(data.toString('utf8')) as Manifest;
  } catch {
    throw new BackupError('Not an Ndako backup: its manifest is not JSON');
  }
  if (
    manifest?.format !== 'ndako-backup' ||
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.media)
  )
    throw new BackupError('Not an Ndako backup: no manifest');
  const badName =
    manifest.tables.find((t) => !TABLE_NAME.test(String(t.name)))?.name ??
    manifest.media.find((m) => !MEDIA_NAME.test(String(m.name)))?.name;
  if (badName !== undefined)
    throw new BackupError(`Unexpected name in the backup's manifest: ${String(badName).slice(0, 200)}`);
  return manifest;
}

/** A table's unpacked rows, a batch of lines at a time. */
async function* linesOf(file: string): AsyncGenerator<string[]> {
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= LOAD_ROWS || bytes >= LOAD_BYTES) {
      yield batch;
      [batch, bytes] = [[], 0];
    }
  }
  if (batch.length) yield batch;
}
