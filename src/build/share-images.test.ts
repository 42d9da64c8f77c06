import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '../contract/index.ts';

// Share pictures read the photo from the project's own media folder, never from a URL, and a picture that
// cannot be read is left out of the drawing instead of failing the build.

const dataDir = mkdtempSync(join(tmpdir(), 'ndako-share-'));
mkdirSync(join(dataDir, 'media'));
// The site build reads its settings from the environment (src/env.ts), once, on first use.
process.env.DATA_DIR = dataDir;
process.env.BUILD_CACHE_DIR = join(dataDir, 'cache');

const { drawShareImage, mediaPhoto, shareImageFile } = await import('./share-images.ts');
const { localMediaStore } = await import('../media/store.ts');
const folder = localMediaStore(join(dataDir, 'media'));

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r, g, b } } })
    .webp()
    .toBuffer();
/** The colour of the share picture's top-left area, above the text and the gradient. */
async function corner(file: string): Promise<[number, number, number]> {
  const { data } = await sharp(await readFile(file))
    .extract({ left: 300, top: 150, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}
const listing = (id: number, url: string) =>
  ({
    id,
    title: `Villa ${id}`,
    price: 1000 + id,
    currency: 'USD',
    type: 'sale',
    state: 'Gombe',
    media: [{ type: 'image', url }],
  }) as unknown as Property;

// A server standing for the API and for any host a picture address could name: it must never be asked.
let asked = 0;
const server = createServer((_req, res) => {
  asked++;
  void solid(0, 0, 255).then((blue) => res.end(blue));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(join(dataDir, 'media', 'red-1600.webp'), await solid(220, 0, 0));
  writeFileSync(join(dataDir, 'media', 'broken-1600.webp'), 'not an image');
});
afterAll(() => server.close());

describe('share pictures', () => {
  it('draw the photo from the media folder, without asking the API', async () => {
    const [r, g, b] = await corner(await shareImageFile.one(listing(1, '/media/red-1600.webp')));
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(80);
    expect(asked).toBe(0);
  });

  it('never fetch a picture address and draw the listing without it', async () => {
    const file = await shareImageFile.one(listing(2, 'https://pictures.example.com/house.jpg'));
    const [, g] = await corner(file);
    expect(g).toBeGreaterThan(30); // the brand's green background
    expect(asked).toBe(0);
  });

  it('skip a media file that does not decode instead of failing the build', async () => {
    const file = await shareImageFile.one(listing(3, '/media/broken-1600.webp'));
    expect((await sharp(await readFile(file)).metadata()).width).toBe(1200);
    const { withPhoto } = await drawShareImage({
      photo: Buffer.from('<html>'),
      title: 't',
      price: 'p',
      commune: 'c',
      badge: 'b',
      agency: 'a',
    });
    expect(withPhoto).toBe(false);
  });

  it('read only plain names inside the media folder', async () => {
    writeFileSync(join(dataDir, 'secret.webp'), await solid(1, 2, 3));
    for (const url of [
      '/media/../secret.webp',
      '/media/..',
      '/media/',
      '/media/missing.webp',
      '/data/x',
      null,
    ]) {
      expect(await mediaPhoto(url, folder), String(url)).toBeNull();
    }
    expect(await mediaPhoto('/media/red-1600.webp', folder)).toBeInstanceOf(Buffer);
  });

  it('read a picture answered under MEDIA_PUBLIC_BASE from the store, by its name, and no other host', async () => {
    const base = 'https://media.ndako.example';
    expect(await mediaPhoto(`${base}/media/red-1600.webp`, folder, base)).toBeInstanceOf(Buffer);
    for (const url of [
      'https://elsewhere.example/media/red-1600.webp',
      `${base}/media/../secret.webp`,
      `${base}.evil.example/media/red-1600.webp`,
      `${base}/other/red-1600.webp`,
    ]) {
      expect(await mediaPhoto(url, folder, base), url).toBeNull();
    }
    expect(asked).toBe(0);
  });
});
