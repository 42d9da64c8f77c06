// Phone photos for the bench and the end-to-end tests of adding a listing from a phone: 12-megapixel JPEGs (4,000 × 3,000) of
// 4–5 MB, as a phone writes them, stored on their side with an EXIF orientation (6: turn 90° clockwise to
// show), so a client that ignores the orientation shows them lying down. Made with sharp here, never
// downloaded; kept in node_modules/.cache once made (about 5 s each on this machine).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export const PHOTO = { width: 4000, height: 3000, orientation: 6 } as const;

const CACHE = join(import.meta.dirname, '../../node_modules/.cache/ndako-phone-photos');

/**
 * A house under a sky with the grain of a phone's sensor: smooth areas and detail in the proportions of a
 * photo, so a re-encoder meets the same work as on a real one (a flat picture would shrink to nothing, pure
 * noise would not shrink at all). `n` varies its colours and grain.
 */
async function makePhoto(n: number): Promise<Buffer> {
  const { width: w, height: h } = PHOTO;
  const hue = (n * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6aa7e0"/>
  <stop offset="0.55" stop-color="#dfe9f2"/><stop offset="0.56" stop-color="#8a6b46"/>
  <stop offset="1" stop-color="#4c3b25"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#s)"/>
  <rect x="${900 + n * 40}" y="900" width="2200" height="1300" fill="hsl(${hue},40%,85%)"/>
  <polygon points="800,920 2000,${300 + n * 20} 3200,920" fill="hsl(${hue},60%,33%)"/>
  <rect x="1200" y="1300" width="400" height="500" fill="#3a5f7a"/>
  <rect x="2400" y="1300" width="400" height="500" fill="#3a5f7a"/>
  <circle cx="400" cy="1500" r="500" fill="#2f6b2a"/><circle cx="3600" cy="1600" r="450" fill="#3b7a33"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width: 1000,
      height: 1000,
      channels: 3,
      // Ignored under noise, required by sharp's types.
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, tile: true, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: PHOTO.orientation })
    .toBuffer();
}

/** `count` different phone photos, "IMG_0001.jpg"…, made once and then read from the cache. */
export async function phonePhotos(
  count: number,
): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  mkdirSync(CACHE, { recursive: true });
  const photos = [];
  for (let n = 1; n <= count; n++) {
    const name = `IMG_${String(n).padStart(4, '0')}.jpg`;
    const path = join(CACHE, name);
    if (!existsSync(path)) writeFileSync(path, await makePhoto(n));
    photos.push({ name, mimeType: 'image/jpeg', buffer: readFileSync(path) });
  }
  return photos;
}
