import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStore } from '../media/store.ts';
import { cacheEntry, storeDemoPicture, type Picture } from './pictures.ts';

// A drawing of this run's own (a random comment), so that its cache entry is new and no other test's.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><!-- ${Math.random()} -->
  <rect width="800" height="500" fill="#12355b"/><circle cx="400" cy="250" r="120" fill="#f2b705"/></svg>`;
const picture = (id: string): Picture => ({ svg, id, width: 800, height: 500 });
const MAX_PIXELS = 40_000_000;
const ids = ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)] as const;
/** An entry's files: the widths below the drawing's, its own width, the thumbnail, and the description. */
const WHOLE = ['480', '720', '800', 'thumb']
  .map((w) => `{id}-${w}.webp`)
  .concat('stored.json')
  .sort();

describe('demo pictures kept between seeds', () => {
  let dir: string;
  let entry: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ndako-pictures-'));
    entry = await cacheEntry(picture(ids[0]), MAX_PIXELS);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(entry, { recursive: true, force: true });
  });

  it('stores the same files under each id, drawn once then copied, and the copy comes from the cache', async () => {
    const first = localMediaStore(join(dir, 'first'));
    const drawn = await storeDemoPicture(picture(ids[0]), first, MAX_PIXELS);
    expect(drawn.files).toEqual(['480', '720', '800', 'thumb'].map((w) => `${ids[0]}-${w}.webp`));
    expect((await readdir(entry)).sort()).toEqual(WHOLE);

    const second = localMediaStore(join(dir, 'second'));
    const copied = await storeDemoPicture(picture(ids[1]), second, MAX_PIXELS);
    expect(JSON.stringify(copied)).toBe(JSON.stringify(drawn).replaceAll(ids[0], ids[1]));
    for (const name of drawn.files) {
      expect(await second.read(name.replace(ids[0], ids[1]), 1e7)).toEqual(await first.read(name, 1e7));
    }

    // What the entry holds is what the next seed gets: it was not drawn again.
    await writeFile(join(entry, '{id}-480.webp'), 'from the cache');
    const third = localMediaStore(join(dir, 'third'));
    await storeDemoPicture(picture(ids[2]), third, MAX_PIXELS);
    expect(String(await third.read(`${ids[2]}-480.webp`, 1e7))).toBe('from the cache');
  });

  it('draws again when an entry is incomplete; a limit that scales the drawing down is another entry', async () => {
    await rm(join(entry, '{id}-720.webp'));
    const store = localMediaStore(join(dir, 'fourth'));
    const stored = await storeDemoPicture(picture(ids[0]), store, MAX_PIXELS);
    expect(stored.files).toHaveLength(4);
    expect((await readFile(join(dir, 'fourth', `${ids[0]}-480.webp`))).subarray(0, 4).toString()).toBe(
      'RIFF',
    );
    expect((await readdir(entry)).sort()).toEqual(WHOLE);

    // Any limit above the drawing's 400,000 pixels stores the same files: the same entry.
    expect(await cacheEntry(picture(ids[0]), 50_000_000)).toBe(entry);
    expect(await cacheEntry(picture(ids[0]), 400_000)).toBe(entry);
    const small = await cacheEntry(picture(ids[0]), 40_000);
    expect(small).not.toBe(entry);
    const scaled = await storeDemoPicture(picture(ids[0]), localMediaStore(join(dir, 'small')), 40_000);
    await rm(small, { recursive: true, force: true });
    expect(scaled.width).toBeLessThan(800);
  });
});
