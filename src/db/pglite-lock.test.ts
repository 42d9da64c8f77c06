import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './pglite-lock.ts';

describe('lockDataDir', () => {
  it('refuses a second holder and frees the directory on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/already open in another Ndako process/);
    release();
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-lock-'));
    writeFileSync(join(dir, 'pglite.lock'), '2147483646');
    const release = lockDataDir(dir);
    release();
  });
});
