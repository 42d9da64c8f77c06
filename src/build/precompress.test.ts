import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { brotliQuality } from './compression.ts';
import { precompressFile } from './precompress.ts';

const dir = mkdtempSync(join(tmpdir(), 'ndako-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Script-like text, varied enough for the qualities to differ. */
const script = Array.from(
  { length: 800 },
  (_, i) => `function f${i}(a,b){return a${'+-*'[i % 3]}b*${i % 97}||"r${(i * 7919) % 1000}"}`,
).join(';');
const quality = (q: number) =>
  brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: q } }).length;

it('gives Pagefind’s script and the build’s scripts and styles, loaded by first views, Brotli 11, and other scripts quality 5', async () => {
  mkdirSync(join(dir, 'pagefind'));
  mkdirSync(join(dir, '_astro'));
  const pagefind = join(dir, 'pagefind', 'pagefind.js');
  const built = join(dir, '_astro', 'islands.D350Wmh6.js');
  const style = join(dir, '_astro', 'Base.BqXeOAOR.css');
  const other = join(dir, 'sw.js');
  for (const file of [pagefind, built, style, other]) {
    writeFileSync(file, script);
    await precompressFile(file);
  }

  const best = readFileSync(`${pagefind}.br`);
  expect(brotliDecompressSync(best).toString()).toBe(script);
  expect(best.length).toBe(quality(11));
  expect(readFileSync(`${built}.br`).length).toBe(quality(11));
  expect(readFileSync(`${style}.br`).length).toBe(quality(11));
  expect(readFileSync(`${other}.br`).length).toBe(quality(5));
  expect(quality(11)).toBeLessThan(quality(5));
});

it('gives the catalogue’s page Brotli 11, by its address or its file, and other pages quality 5', () => {
  for (const name of ['/properties/', '/en/properties/', '/site/ln/properties/index.html'])
    expect(brotliQuality(name), name).toBe(11);
  for (const name of ['/', '/property/12/', '/site/property/12/index.html', '/en/favorites/'])
    expect(brotliQuality(name), name).toBe(5);
});

it('gives the catalogue’s core, words and coordinates Brotli 11, and its card shards quality 5', async () => {
  mkdirSync(join(dir, 'data', 'cards'), { recursive: true });
  const core = join(dir, 'data', 'catalogue.json');
  const shard = join(dir, 'data', 'cards', '0.json');
  writeFileSync(core, script);
  writeFileSync(shard, script);

  await precompressFile(core);
  await precompressFile(shard);

  expect(readFileSync(`${core}.br`).length).toBe(quality(11));
  expect(readFileSync(`${shard}.br`).length).toBe(quality(5));
  // Each language's words too (the English and Lingala pages' own), not its card shards.
  for (const name of ['/data/words.json', '/data/en/words.json', '/site/data/ln/words.json'])
    expect(brotliQuality(name), name).toBe(11);
  for (const name of ['/data/en/cards/0.json', '/data/xx/words.json'])
    expect(brotliQuality(name), name).toBe(5);
});
