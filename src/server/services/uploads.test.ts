import { mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { localMediaStore } from '../../media/store.ts';
import { storeUpload } from './uploads.ts';

// A full disk while the variants of an image are written: the kernel's own ENOSPC, from /dev/full, which
// one of the files the upload writes is made to point at.

const limits = { maxImageBytes: 20e6, maxVideoBytes: 20e6, maxPixels: 50e6 };
const ID = 'a'.repeat(32);
const photo = () =>
  sharp({ create: { width: 1000, height: 700, channels: 3, background: '#6a8' } })
    .jpeg()
    .toBuffer();

describe('storeUpload on a full disk', () => {
  it('answers 507 with a French message and leaves no partial variant', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-media-'));
    // The 480 px variant is written first, then the 720 px one fails.
    symlinkSync('/dev/full', join(dir, `${ID}-720.webp`));
    const error = await storeUpload(await photo(), 'image', localMediaStore(dir), limits, ID).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(507);
    expect((error as HttpError).message).toMatch(/^Espace disque insuffisant/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does the same for a video', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-media-'));
    symlinkSync('/dev/full', join(dir, `${ID}-thumb.webp`));
    // The smallest MP4 file-type recognises: an ftyp box.
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);
    const error = await storeUpload(mp4, 'video', localMediaStore(dir), limits, ID).catch((e: unknown) => e);
    expect((error as HttpError).statusCode).toBe(507);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('still stores an image when the disk has room', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-media-'));
    const stored = await storeUpload(await photo(), 'image', localMediaStore(dir), limits, ID);
    expect(readdirSync(dir).sort()).toEqual(stored.files.sort());
  });
});
