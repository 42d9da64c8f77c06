// Restoring a backup archive (backup.ts writes them) into an empty database and media folder or bucket.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createGunzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/store.ts';
import { dumpRepository, type DatabaseDump } from '../repositories/dump.ts';
import { BackupError, verifyArchive, type Manifest } from './backup-format.ts';
import { tarEntries } from './tar.ts';

const MEDIA_TYPES: Record<string, string> = { webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm' };

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
