import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is already open in another Ndako process (pid ${pid}). ` +
        `Stop that process first, or point DATA_DIR at another folder. ` +
        `If no such process runs, delete ${join(dir, 'pglite.lock')}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** The contents of the locks this process holds: "pid nonce", unique to each opening. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid of the live process holding a lock with these contents, or null when the lock is stale: its
 * process is gone, or it names this very process without being one of its locks (a container restarted
 * after a crash runs the server under the same pid again).
 */
function liveHolder(contents: string): number | null {
  const pid = Number.parseInt(contents, 10);
  if (held.has(contents)) return process.pid;
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/**
 * PGlite is a single-process database: two processes writing the same files would corrupt them.
 * A lock file holding the owner's pid refuses the second one. It is created whole and at once (written
 * under a temporary name, then hard-linked to its name, which fails if one exists), so no one reads a
 * half-written lock. A stale lock is taken over only if it is still the one judged stale: it is renamed
 * aside (one process alone can move it) and checked; a fresh lock moved aside by mistake is put back.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'pglite.lock');
  const nonce = randomBytes(6).toString('hex');
  const contents = `${process.pid} ${nonce}`;
  const temp = `${file}.${nonce}.tmp`;
  writeFileSync(temp, contents);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(temp, file);
        held.add(contents);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          held.delete(contents);
          // Only our own lock: never one another process has taken over since.
          if (read(file) === contents) unlinkSync(file);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = read(file);
      if (seen === null) continue;
      const pid = liveHolder(seen);
      if (pid !== null) throw new DataDirLockedError(dir, pid);
      const aside = `${file}.${nonce}.stale`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = read(aside);
      if (moved !== seen) {
        // Another process took the stale lock over in between: its fresh lock goes back.
        try {
          linkSync(aside, file);
        } finally {
          unlinkSync(aside);
        }
        continue;
      }
      unlinkSync(aside);
    }
    throw new Error(`Could not lock ${dir}: other processes keep taking the lock`);
  } finally {
    unlinkSync(temp);
  }
}
