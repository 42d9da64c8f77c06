// The archives' format and folder: what a backup holds (its manifest), how it is named, checked against its
// `.sha256`, and pruned. Written by backup.ts, read by backup-restore.ts.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/client.ts';
import type { DatabaseDump } from '../repositories/dump.ts';

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

/** A refusal with a message for whoever runs the command (a bad checksum, a database that is not empty). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
export const ARCHIVE = /^ndako-\d{8}-\d{6}\.tar\.gz$/;

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
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

/** Beside the archives while the last backup attempt failed: what admins are shown (GET /api/backups/status). */
const FAILURE_FILE = 'last-failure.json';

/** Records a failed backup for admins to see; a folder that cannot be written leaves the logs only. */
export async function recordBackupFailure(backupDir: string, error: unknown, at = new Date()): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await writeFile(
    join(backupDir, FAILURE_FILE),
    JSON.stringify({ at: at.toISOString(), message: message.slice(0, 500) }),
    { mode: 0o600 },
  ).catch(() => {});
}

export const clearBackupFailure = (backupDir: string) => rm(join(backupDir, FAILURE_FILE), { force: true });

/** The last failure recorded in `backupDir`, or null. */
export async function lastBackupFailure(backupDir: string): Promise<{ at: string; message: string } | null> {
  const text = await readFile(join(backupDir, FAILURE_FILE), 'utf8').catch(() => null);
  if (!text) return null;
  try {
    const { at, message } = JSON.parse(text) as { at: unknown; message: unknown };
    return typeof at === 'string' && typeof message === 'string' && !Number.isNaN(Date.parse(at))
      ? { at: new Date(at).toISOString(), message }
      : null;
  } catch {
    return null;
  }
}
