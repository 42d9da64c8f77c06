import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderShareImage, SHARE_HEIGHT, SHARE_WIDTH } from './share-image.ts';

const input = {
  title: 'Villa <avec> piscine & jardin à Ngaliema',
  price: '450,000 USD',
  commune: 'Ngaliema',
  badge: 'À vendre',
  agency: 'Ndako Immobilier',
};

describe('share image', () => {
  it('is a 1200 × 630 JPEG under 300 KB over the listing photo', async () => {
    // A noisy photo is the worst case for JPEG size.
    const noise = Buffer.alloc(1600 * 1000 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251;
    const photo = await sharp(noise, { raw: { width: 1600, height: 1000, channels: 3 } })
      .jpeg()
      .toBuffer();
    const image = await renderShareImage({ ...input, photo });
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: SHARE_WIDTH, height: SHARE_HEIGHT });
    expect(image.length).toBeLessThan(300 * 1024);
  });

  it('draws the price (escaped text renders) and works without a photo', async () => {
    const raw = async (price: string) =>
      sharp(await renderShareImage({ ...input, price, photo: null }))
        .raw()
        .toBuffer();
    const row = (buf: Buffer, y: number) => buf.subarray(y * SHARE_WIDTH * 3, (y + 1) * SHARE_WIDTH * 3);
    const [withPrice, withoutPrice] = await Promise.all([raw('450,000 USD'), raw('')]);
    // The price's baseline is y = 430: the row just above it must change when there is a price.
    expect(row(withPrice, 410).equals(row(withoutPrice, 410))).toBe(false);
    expect(row(withPrice, 20).equals(row(withoutPrice, 20))).toBe(true);
  });
});
