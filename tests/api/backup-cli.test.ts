import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { lockDataDir } from '../../src/db/pglite-lock.ts';
import { rowsOf } from '../../src/server/repositories/dump.ts';
import { openTestDatabase, TEST_DB } from '../helpers/app.ts';

// The commands an office runs, as processes: their refusals must say what to do.

const run = promisify(execFile);
const node = join(process.cwd(), 'node_modules/.bin/node');

async function command(script: string, args: string[], env: Record<string, string>, nodeArgs: string[] = []) {
  try {
    const { stdout, stderr } = await run(node, [...nodeArgs, script, ...args], {
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

/**
 * Backups stream: one table larger than the whole heap allowed to the commands goes out and
 * back. Before, a backup made one string of each table, and died past the heap (or ~512 MB, whatever the
 * heap). On PostgreSQL only: the commands then run beside the test's own database connections, and the
 * table is filled in a second.
 */
describe.runIf(TEST_DB === 'postgres')('npm run backup / restore under a heap smaller than a table', () => {
  const HEAP_MB = 32;
  const ROWS = 12_000;
  const PATH_CHARS = 4_000;
  let dir: string;
  let source: Awaited<ReturnType<typeof openTestDatabase>>;
  let target: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ndako-backup-heap-'));
    [source, target] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    // ~48 MB of rows (12,000 paths of 4,000 characters) in the table the page-view beacon fills.
    await source.database.db.execute(sql`
      INSERT INTO page_views (path, visitor, session)
      SELECT '/' || repeat(md5(i::text), ${PATH_CHARS / 32}), md5(i::text), 's' || i
      FROM generate_series(1, ${ROWS}) AS i`);
  });
  afterAll(async () => {
    await Promise.all([source?.drop(), target?.drop()]);
    await rm(dir, { recursive: true, force: true });
  });

  const figures = async (database: Database) => {
    const [row] = rowsOf<{ n: number; chars: string; hash: string }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n, sum(length(path))::text AS chars, sum(hashtext(path))::text AS hash FROM page_views`,
      ),
    );
    return row;
  };

  it(`backs up and restores ${ROWS} rows of ${PATH_CHARS} characters with a heap of ${HEAP_MB} MB`, async () => {
    const before = await figures(source.database);
    expect(Number(before!.chars)).toBeGreaterThan(HEAP_MB * 1_048_576 * 1.4);
    const limits = [`--max-old-space-size=${HEAP_MB}`];
    const backups = join(dir, 'backups');
    const backup = await command(
      'scripts/backup.ts',
      [],
      {
        DATABASE_URL: source.url!,
        DATA_DIR: join(dir, 'source'),
        BACKUP_DIR: backups,
      },
      limits,
    );
    expect(backup.code, backup.out).toBe(0);
    const [archive] = (await readdir(backups)).filter((n) => n.endsWith('.tar.gz'));
    const restore = await command(
      'scripts/restore.ts',
      [join(backups, archive!)],
      {
        DATABASE_URL: target.url!,
        DATA_DIR: join(dir, 'target'),
      },
      limits,
    );
    expect(restore.code, restore.out).toBe(0);
    expect(await figures(target.database)).toEqual(before);
  }, 150_000);
});
