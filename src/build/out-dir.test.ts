import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOutDir } from './out-dir.ts';

describe('buildOutDir', () => {
  it('is not the live site by default', () => {
    const out = buildOutDir({ BUILD_OUT_DIR: undefined, SITE_DIR: './dist' });
    expect(resolve(out)).not.toBe(resolve('./dist'));
  });

  it('refuses SITE_DIR itself and the build its link points at', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-out-'));
    const site = join(dir, 'site');
    mkdirSync(join(dir, 'site.builds', 'b1'), { recursive: true });
    symlinkSync('site.builds/b1', site);
    expect(() => buildOutDir({ BUILD_OUT_DIR: site, SITE_DIR: site })).toThrow(/live site/);
    expect(() => buildOutDir({ BUILD_OUT_DIR: join(dir, 'site.builds', 'b1'), SITE_DIR: site })).toThrow(
      /live site/,
    );
    expect(buildOutDir({ BUILD_OUT_DIR: join(dir, 'site.builds', 'b2'), SITE_DIR: site })).toBe(
      join(dir, 'site.builds', 'b2'),
    );
  });
});

describe('astro.config', () => {
  it('builds outside SITE_DIR with the default settings', async () => {
    const config = (await import('../../astro.config.mjs')).default as { outDir?: string };
    expect(resolve(String(config.outDir))).not.toBe(resolve('./dist'));
  });
});
