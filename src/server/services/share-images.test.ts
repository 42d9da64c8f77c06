import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '../../contract/index.ts';
import { localMediaStore, type MediaStore } from '../../media/store.ts';
import { FAILED_PICTURE_TTL_MS, shareContent, shareImages } from './share-images.ts';

// The server's share pictures: the photo comes from the media store by name, never from a URL; a picture
// missing the photo it should show is not cached; one drawing per picture however many ask; two at a time.

const dataDir = mkdtempSync(join(tmpdir(), 'ndako-share-'));
const mediaDir = join(dataDir, 'media');
mkdirSync(mediaDir);
const folder = localMediaStore(mediaDir);
const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r, g, b } } })
    .webp()
    .toBuffer();
/** The colour of the picture's top-left area, above the text and the gradient. */
async function corner(image: Buffer): Promise<[number, number, number]> {
  const { data } = await sharp(image)
    .extract({ left: 300, top: 150, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}
const listing = (id: number, url: string | null) =>
  ({
    id,
    title: `Villa ${id}`,
    price: 1000 + id,
    currency: 'USD',
    type: 'sale',
    state: 'Gombe',
    media: url ? [{ type: 'image', url }] : [],
  }) as unknown as Property;
let cacheCount = 0;
const service = (store: MediaStore = folder, now?: () => number) => {
  const dir = join(dataDir, `cache-${++cacheCount}`);
  return { dir, pictures: shareImages({ store, dir, ...(now ? { now } : {}) }) };
};
const cachedFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

// Any host a picture address could name: it must never be asked.
let asked = 0;
const server = createServer((_req, res) => {
  asked++;
  void solid(0, 0, 255).then((blue) => res.end(blue));
});
let elsewhere: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  elsewhere = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(join(mediaDir, 'red-1600.webp'), await solid(220, 0, 0));
  writeFileSync(join(mediaDir, 'broken-1600.webp'), 'not an image');
});
afterAll(() => {
  server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('share pictures drawn by the server', () => {
  it('show the photo read from the media store, and are cached under their hash', async () => {
    const { dir, pictures } = service();
    const content = shareContent(listing(1, '/media/red-1600.webp'), 'Ndako');
    const { image, final } = await pictures.picture(content);
    const [r, g, b] = await corner(image);
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(80);
    expect(final).toBe(true);
    expect(cachedFiles(dir)).toEqual([`${content.hash}.jpg`]);
  });

  it('hash what they show: title, price, agency, photo', () => {
    const base = shareContent(listing(1, '/media/red-1600.webp'), 'Ndako').hash;
    const other = [
      shareContent({ ...listing(1, '/media/red-1600.webp'), title: 'Autre' }, 'Ndako'),
      shareContent({ ...listing(1, '/media/red-1600.webp'), price: 5 }, 'Ndako'),
      shareContent(listing(1, '/media/red-1600.webp'), 'Autre agence'),
      shareContent(listing(1, '/media/other-1600.webp'), 'Ndako'),
    ].map((c) => c.hash);
    expect(new Set([base, ...other]).size).toBe(5);
    // A view or a change the picture does not show keeps it.
    expect(shareContent({ ...listing(1, '/media/red-1600.webp'), viewCount: 9 }, 'Ndako').hash).toBe(base);
  });

  it('never fetch a picture address, and draw the listing without it (final: nothing to wait for)', async () => {
    const { dir, pictures } = service();
    const content = shareContent(listing(2, `${elsewhere}/house.jpg`), 'Ndako');
    const { image, final } = await pictures.picture(content);
    const [, g] = await corner(image);
    expect(g).toBeGreaterThan(30); // the brand's green background
    expect(asked).toBe(0);
    expect(final).toBe(true);
    expect(cachedFiles(dir)).toEqual([`${content.hash}.jpg`]);
  });

  it('draw without a media file that is missing or does not decode, and keep that a minute only', async () => {
    let clock = 1_000_000;
    const { dir, pictures } = service(folder, () => clock);
    for (const url of ['/media/broken-1600.webp', '/media/later-1600.webp']) {
      const { image, final } = await pictures.picture(shareContent(listing(3, url), 'Ndako'));
      expect((await sharp(image).metadata()).width).toBe(1200);
      expect(final, url).toBe(false);
    }
    expect(cachedFiles(dir)).toEqual([]);
    // The photo arrives (a slow bucket, a restore): within the minute the picture without it is served
    // again (not redrawn at every request, decision 0040); after it, the next request draws it, and keeps it.
    writeFileSync(join(mediaDir, 'later-1600.webp'), await solid(220, 0, 0));
    const later = () => pictures.picture(shareContent(listing(3, '/media/later-1600.webp'), 'Ndako'));
    clock += FAILED_PICTURE_TTL_MS - 1;
    expect((await later()).final).toBe(false);
    clock += 2;
    const { image, final } = await later();
    expect((await corner(image))[0]).toBeGreaterThan(150);
    expect(final).toBe(true);
    expect(cachedFiles(dir)).toHaveLength(1);
  });

  /** A store whose reads wait until released, counting them. */
  function heldStore() {
    const held: (() => void)[] = [];
    let reads = 0;
    const store: MediaStore = {
      ...folder,
      read: async (name, max) => {
        reads++;
        await new Promise<void>((resolve) => held.push(resolve));
        return folder.read(name, max);
      },
    };
    return { store, held, reads: () => reads };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  /** Waits until `count` reads have started (held reads cannot pass it), then a little more for any extra. */
  async function reached(reads: () => number, count: number) {
    for (let i = 0; i < 200 && reads() < count; i++) await settle();
    await settle();
    return reads();
  }

  it('draw a picture once however many ask at the same time', async () => {
    const { store, held, reads } = heldStore();
    const { dir, pictures } = service(store);
    const content = shareContent(listing(4, '/media/red-1600.webp'), 'Ndako');
    const asking = Array.from({ length: 6 }, () => pictures.picture(content));
    expect(await reached(reads, 1)).toBe(1);
    held.splice(0).forEach((release) => release());
    const images = await Promise.all(asking);
    expect(images.every((p) => p.image.equals(images[0]!.image))).toBe(true);
    expect(reads()).toBe(1);
    expect(cachedFiles(dir)).toHaveLength(1);
  });

  it('draw two pictures at a time, the others waiting their turn', async () => {
    const { store, held, reads } = heldStore();
    const { pictures } = service(store);
    const asking = [5, 6, 7, 8, 9].map((id) =>
      pictures.picture(shareContent(listing(id, '/media/red-1600.webp'), 'Ndako')),
    );
    expect(await reached(reads, 2)).toBe(2);
    held.splice(0).forEach((release) => release());
    // The first two drawn, their slots go to the next two, whose reads are held in turn.
    expect(await reached(reads, 4)).toBe(4);
    held.splice(0).forEach((release) => release());
    expect(await reached(reads, 5)).toBe(5);
    held.splice(0).forEach((release) => release());
    expect((await Promise.all(asking)).every((p) => p.final)).toBe(true);
  });
});
