import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env.ts';

/**
 * What the commands write inside the project folder with the default settings (the data, the backups, the
 * built site and its builds) must never be committed: a backup holds every message and password hash.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ignored = (path: string) => {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

describe('.gitignore', () => {
  const defaults = parseEnv({ NODE_ENV: 'test' });
  const written = {
    DATA_DIR: `${defaults.DATA_DIR}/ndako.db`,
    BACKUP_DIR: `${defaults.BACKUP_DIR}/ndako-20261128-120000.tar.gz`,
    SITE_DIR: `${defaults.SITE_DIR}/index.html`,
    'SITE_DIR.builds': `${defaults.SITE_DIR}.builds/1/index.html`,
  };

  it.each(Object.entries(written))('lists what %s holds by default', (_, path) => {
    expect(ignored(path)).toBe(true);
  });

  it('still tracks the source (a rule that ignores everything fails here)', () => {
    expect(ignored('src/env.ts')).toBe(false);
    expect(ignored('scripts/backup.ts')).toBe(false);
  });
});
