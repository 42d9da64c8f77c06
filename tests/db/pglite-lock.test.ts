import { spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, HOLDER_GONE_MS, lockDataDir, STALE_GUARD_MS } from '../../src/db/pglite-lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('../../src/db/pglite-lock.ts', import.meta.url));
const fresh = () => mkdtempSync(join(tmpdir(), 'ndako-lock-'));

/** A process that tries to lock `dir` at `startAt` (ms since epoch), holds it a while, and says how it went. */
function contender(dir: string, startAt: number): Promise<string> {
  const code = `
    import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)};
    while (Date.now() < ${startAt}) {}
    try { const release = lockDataDir(${JSON.stringify(dir)}); console.log('won'); setTimeout(release, 1500); }
    catch (error) { console.log(error.name === 'DataDirLockedError' ? 'refused' : 'error ' + error.message); }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on('close', () => resolve(out.trim())));
}

describe('PGlite directory lock', () => {
  it('counts a lock holding our own pid as stale when this process does not hold it', () => {
    // A container restarted after a crash: the server has the same pid as the one that left the lock.
    const dir = fresh();
    writeFileSync(join(dir, 'pglite.lock'), String(process.pid));
    const release = lockDataDir(dir);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('judges a lock from another host by its heartbeat, not by a pid it cannot see', async () => {
    // Another container on the same volume: its pid means nothing here.
    const dir = fresh();
    const file = join(dir, 'pglite.lock');
    writeFileSync(file, '999999 abcdef other-container');
    expect(() => lockDataDir(dir)).toThrow(/pid 999999 on other-container/);
    const gone = (Date.now() - HOLDER_GONE_MS - 1000) / 1000;
    utimesSync(file, gone, gone);
    const release = lockDataDir(dir);
    // The holder's heartbeat keeps its own lock fresh for the other hosts.
    utimesSync(file, gone, gone);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS + 500));
    expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(HEARTBEAT_MS + 1000);
    release();
    expect(readdirSync(dir)).toEqual([]);
  }, 20_000);

  it('still refuses a second opening in this process', () => {
    const dir = fresh();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/already open/);
    release();
  });

  it('never removes a lock while another process holds the takeover guard', () => {
    // The other process is judging the same lock: removing it now could delete the fresh lock it links next.
    const dir = fresh();
    writeFileSync(join(dir, 'pglite.lock'), '2147483646');
    mkdirSync(join(dir, 'pglite.lock.takeover'));
    expect(() => lockDataDir(dir)).toThrow(/another process is taking the lock over/);
    expect(readFileSync(join(dir, 'pglite.lock'), 'utf8')).toBe('2147483646');
  });

  it('clears a takeover guard left by a process that died holding it', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'pglite.lock'), '2147483646');
    const guard = join(dir, 'pglite.lock.takeover');
    mkdirSync(guard);
    const past = (Date.now() - STALE_GUARD_MS - 1_000) / 1000;
    utimesSync(guard, past, past);
    const release = lockDataDir(dir);
    expect(readdirSync(dir).sort()).toEqual(['pglite.lock']);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it(
    'lets exactly one of several processes take over a stale lock at once',
    { timeout: 60_000 },
    async () => {
      for (let round = 0; round < 3; round++) {
        const dir = fresh();
        writeFileSync(join(dir, 'pglite.lock'), '2147483646');
        const startAt = Date.now() + 1500;
        const outcomes = await Promise.all(Array.from({ length: 6 }, () => contender(dir, startAt)));
        expect(
          outcomes.filter((o) => o === 'won'),
          outcomes.join(', '),
        ).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
        expect(readdirSync(dir)).toEqual([]);
      }
    },
  );
});
