import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './browser-path.ts';

describe('findChromium', () => {
  let dir: string;
  const file = async (name: string, mode: number, inside = dir) => {
    const path = join(inside, name);
    await writeFile(path, '#!/bin/sh\n');
    await chmod(path, mode);
    return path;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ndako-browser-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes CHROMIUM_PATH first, then a Chromium on PATH, skipping files that cannot run', async () => {
    const own = await file('my-chrome', 0o755);
    const system = await file('chromium-browser', 0o755);
    await file('chromium', 0o644);
    expect(findChromium({ CHROMIUM_PATH: own, PATH: dir })).toEqual({ path: own, source: 'CHROMIUM_PATH' });
    expect(findChromium({ PATH: `/nonexistent:${dir}` })).toEqual({ path: system, source: 'PATH' });
  });

  it('puts the headless shell first for tests only', async () => {
    const both = await mkdtemp(join(dir, 'both-'));
    const full = await file('chromium', 0o755, both);
    const shell = await file('chromium-headless-shell', 0o755, both);
    expect(findChromium({ PATH: both }, { shell: true })).toEqual({ path: shell, source: 'PATH' });
    expect(findChromium({ PATH: both })).toEqual({ path: full, source: 'PATH' });
    expect(findChromium({ CHROMIUM_PATH: full, PATH: both }, { shell: true })?.path).toBe(full);
  });

  it('refuses a CHROMIUM_PATH that is not an executable rather than silently using another', () => {
    expect(() => findChromium({ CHROMIUM_PATH: join(dir, 'missing'), PATH: dir })).toThrow(
      /CHROMIUM_PATH=.*missing is not an executable/,
    );
  });
});
