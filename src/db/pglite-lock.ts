import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number, host?: string) {
    super(
      `The database in ${dir} is already open in another Ndako process (pid ${pid}${host ? ` on ${host}` : ''}). ` +
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

/** The holder touches its lock this often; one untouched for HOLDER_GONE_MS is stale. */
export const HEARTBEAT_MS = 5_000;
export const HOLDER_GONE_MS = 30_000;

/**
 * The live process holding a lock with these contents ("pid nonce host"), or null when the lock is stale:
 * its process is gone, or it names this very process without being one of its locks (a container restarted
 * after a crash runs the server under the same pid again). A lock from another host (another container on
 * the same volume, whose pids this one cannot see) is judged by its heartbeat, the file's time (before,
 * judged by a pid alone, it looked stale and was taken over, two processes on one database).
 */
function liveHolder(contents: string, file: string): { pid: number; host?: string } | null {
  const [first, , host] = contents.split(' ');
  const pid = Number.parseInt(first ?? '', 10);
  if (held.has(contents)) return { pid: process.pid };
  if (host && host !== hostname()) {
    const touched = (() => {
      try {
        return statSync(file).mtimeMs;
      } catch {
        return 0;
      }
    })();
    return Date.now() - touched < HOLDER_GONE_MS ? { pid, host } : null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? { pid } : null;
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/** A takeover guard older than this was left by a process that died while holding it (it holds it for microseconds). */
export const STALE_GUARD_MS = 10_000;
/** How long a process waits for another's takeover to finish before giving up. */
const GUARD_WAIT_MS = 2_000;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `step` holding the takeover guard: a directory beside the lock, created with mkdir, which succeeds
 * for one process only. Only the guard's holder may remove a lock, and it judges the lock again under the
 * guard, so a lock is removed only while it is still the stale one. Renaming the lock aside (the earlier
 * way) left a moment with no lock at all, in which a third process could take it while the second put back
 * what it had moved by mistake: two owners.
 */
function withTakeoverGuard<T>(file: string, step: () => T): T {
  const guard = `${file}.takeover`;
  const deadline = Date.now() + GUARD_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(guard);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (clearStaleGuard(guard)) continue;
    if (Date.now() > deadline) {
      throw new Error(`Could not lock ${file}: another process is taking the lock over (${guard} exists)`);
    }
    sleep(20);
  }
  try {
    return step();
  } finally {
    rmdirSync(guard);
  }
}

/** Removes a guard left by a crashed process; true when there is no guard any more. */
function clearStaleGuard(guard: string): boolean {
  try {
    if (Date.now() - statSync(guard).mtimeMs < STALE_GUARD_MS) return false;
    rmdirSync(guard);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * PGlite is a single-process database: two processes writing the same files would corrupt them.
 * A lock file holding the owner's pid refuses the second one. It is created whole and at once (written
 * under a temporary name, then hard-linked to its name, which fails if one exists), so no one reads a
 * half-written lock. A stale lock is removed only under the takeover guard (see withTakeoverGuard); then
 * every contender races to link its own, and the link lets one alone win.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'pglite.lock');
  const nonce = randomBytes(6).toString('hex');
  const contents = `${process.pid} ${nonce} ${hostname().replace(/\s/g, '')}`;
  const temp = `${file}.${nonce}.tmp`;
  writeFileSync(temp, contents);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(temp, file);
        held.add(contents);
        // The heartbeat that tells processes of other hosts this lock is alive.
        const heartbeat = setInterval(() => {
          const now = new Date();
          if (read(file) === contents) utimesSync(file, now, now);
        }, HEARTBEAT_MS);
        heartbeat.unref();
        let released = false;
        return () => {
          if (released) return;
          released = true;
          clearInterval(heartbeat);
          held.delete(contents);
          // Only our own lock: never one another process has taken over since.
          if (read(file) === contents) unlinkSync(file);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = read(file);
      if (seen === null) continue;
      const holder = liveHolder(seen, file);
      if (holder !== null) throw new DataDirLockedError(dir, holder.pid, holder.host);
      withTakeoverGuard(file, () => {
        // Judged again under the guard: another process may have replaced the stale lock meanwhile.
        const now = read(file);
        if (now !== null && liveHolder(now, file) === null) unlinkSync(file);
      });
    }
    throw new Error(`Could not lock ${dir}: other processes keep taking the lock`);
  } finally {
    unlinkSync(temp);
  }
}
