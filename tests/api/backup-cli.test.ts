import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/db/pglite-lock.ts';

// The commands an office runs, as processes: their refusals must say what to do.

const run = promisify(execFile);
const node = join(process.cwd(), 'node_modules/.bin/node');

async function command(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(node, [script, ...args], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run backup / restore', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ndako-backup-cli-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('backup refuses a PGlite DATA_DIR a running server holds, and says how to back it up', async () => {
    const dataDir = join(dir, 'held');
    const release = lockDataDir(dataDir);
    try {
      const { code, out } = await command('scripts/backup.ts', [], {
        DATA_DIR: dataDir,
        BACKUP_DIR: join(dir, 'backups'),
      });
      expect(code).toBe(1);
      expect(out).toContain('Cannot back up now');
      expect(out).toContain('BACKUP_DAILY=true');
    } finally {
      release();
    }
  }, 150_000);

  it('restore refuses an archive whose checksum does not match, before creating anything', async () => {
    const file = join(dir, 'ndako-20260101-000000.tar.gz');
    await writeFile(file, 'not the archive that was backed up');
    await writeFile(`${file}.sha256`, `${'0'.repeat(64)}  ndako-20260101-000000.tar.gz\n`);
    const dataDir = join(dir, 'fresh');
    const { code, out } = await command('scripts/restore.ts', [file], { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(out).toContain('Checksum mismatch');
    expect(existsSync(dataDir)).toBe(false);
  }, 150_000);
});
