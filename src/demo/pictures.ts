import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { storeImage, type StoredMedia } from '../media/images.ts';
import type { MediaStore } from '../media/store.ts';

// The demo's pictures are drawn as SVG, rasterised and stored as WebP at every width: about 0.3 s of CPU each,
// 45 of them on every first start (the seed's photo pool and portraits are the same whatever the number of
// listings). The stored files are kept in node_modules/.cache and copied on the next seed: a test run seeds
// the same pool several times (the seed's own test, the end-to-end server), and so does a developer who
// starts again from an empty data folder. The key is everything the files depend on: the drawing, its size,
// the size it is rasterised at, sharp's libvips, and the source of the encoding (this file and
// src/media/images.ts), so a change to any of them draws anew. The cache is best effort: unreadable or
// unwritable, the picture is drawn as it was without one.

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/ndako-demo-pictures/', import.meta.url));
const SOURCES = [new URL('./pictures.ts', import.meta.url), new URL('../media/images.ts', import.meta.url)];
/** Stands for the picture's own id in the cached files' names and description. */
const ID = '{id}';

let encoding: Promise<string> | undefined;
/** What the stored files depend on besides the drawing: the encoder's source and libvips' version. */
function encodingKey(): Promise<string> {
  encoding ??= Promise.all(SOURCES.map((url) => readFile(url, 'utf8')))
    .then((texts) => [...texts, sharp.versions.vips].join('\0'))
    .catch(() => `${randomBytes(8).toString('hex')}`); // sources unreadable: a key of its own, no reuse
  return encoding;
}

export interface Picture {
  svg: string;
  id: string;
  width: number;
  height: number;
}

/** The width the drawing is rasterised at: its own, or less to fit the pixel limit. */
function rasterWidth(picture: Picture, maxPixels: number): number {
  const scale = Math.min(1, Math.sqrt(maxPixels / (picture.width * picture.height)));
  return scale < 1 ? Math.max(1, Math.floor(picture.width * scale)) : picture.width;
}

/** Rasterises `svg` (scaled down to `maxPixels` if needed) and stores it at every width, as an upload is. */
async function draw(picture: Picture, store: MediaStore, maxPixels: number): Promise<StoredMedia> {
  const width = rasterWidth(picture, maxPixels);
  const image = sharp(Buffer.from(picture.svg));
  if (width < picture.width) image.resize(width);
  const png = await image.png({ compressionLevel: 1 }).toBuffer();
  return storeImage(png, store, { maxPixels, id: picture.id });
}

/**
 * The folder that keeps this picture's stored files, once drawn. The pixel limit counts by the width it
 * rasterises at: any limit above the drawing's size stores the same files (the seed's 40 MP default and the
 * server's 50 MP alike).
 */
export async function cacheEntry(picture: Picture, maxPixels: number): Promise<string> {
  const size = [picture.width, picture.height, rasterWidth(picture, maxPixels)];
  const key = createHash('sha256')
    .update([picture.svg, ...size, await encodingKey()].join('\0'))
    .digest('hex');
  return join(CACHE_DIR, key);
}

/** The picture stored in `store` under its id: copied from the cache when drawn before, else drawn and kept. */
export async function storeDemoPicture(
  picture: Picture,
  store: MediaStore,
  maxPixels: number,
): Promise<StoredMedia> {
  const entry = await cacheEntry(picture, maxPixels);
  const cached = await copyCached(entry, picture.id, store);
  if (cached) return cached;

  const written = new Map<string, Buffer>();
  const recording: MediaStore = {
    kind: store.kind,
    put: async (name, data, contentType) => {
      await store.put(name, data, contentType);
      written.set(name, data);
    },
    read: (name, maxBytes) => store.read(name, maxBytes),
    remove: (names) => store.remove(names),
    list: () => store.list(),
  };
  const stored = await draw(picture, recording, maxPixels);
  await keep(entry, picture.id, stored, written).catch(() => {});
  return stored;
}

async function copyCached(entry: string, id: string, store: MediaStore): Promise<StoredMedia | null> {
  let stored: StoredMedia;
  try {
    stored = JSON.parse(
      (await readFile(join(entry, 'stored.json'), 'utf8')).replaceAll(ID, id),
    ) as StoredMedia;
  } catch {
    return null;
  }
  const files = await Promise.all(
    stored.files.map((name) => readFile(join(entry, name.replace(id, ID))).catch(() => null)),
  );
  if (files.some((data) => !data)) {
    // Half an entry (a file removed by hand): drawn again, and kept whole in its place.
    await rm(entry, { recursive: true, force: true }).catch(() => {});
    return null;
  }
  for (const [i, name] of stored.files.entries()) await store.put(name, files[i]!, 'image/webp');
  return stored;
}

/** Writes the entry in a folder of its own, then renames it in place: a reader never sees half an entry. */
async function keep(entry: string, id: string, stored: StoredMedia, written: Map<string, Buffer>) {
  const partial = `${entry}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(partial, { recursive: true });
    for (const name of stored.files) {
      const data = written.get(name);
      if (!data) throw new Error(`${name} was not written`);
      await writeFile(join(partial, name.replace(id, ID)), data);
    }
    await writeFile(join(partial, 'stored.json'), JSON.stringify(stored).replaceAll(id, ID));
    // Another process may have kept the same picture first: its entry stays, this one goes.
    await rename(partial, entry);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}
