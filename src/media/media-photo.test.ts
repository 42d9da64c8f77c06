import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaPhoto } from './media-photo.ts';
import { localMediaStore } from './store.ts';

// Share pictures and the app's icons read a picture from the project's own media store, by the name in a
// /media/ address, never from a URL and never outside the store.

const dataDir = mkdtempSync(join(tmpdir(), 'ndako-media-photo-'));
mkdirSync(join(dataDir, 'media'));
const folder = localMediaStore(join(dataDir, 'media'));
const red = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 220, g: 0, b: 0 } } })
    .webp()
    .toBuffer();

beforeAll(async () => {
  writeFileSync(join(dataDir, 'media', 'red-1600.webp'), await red());
  writeFileSync(join(dataDir, 'secret.webp'), await red());
});

describe('mediaPhoto', () => {
  it('reads only plain names inside the media folder', async () => {
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

  it('reads a picture answered under MEDIA_PUBLIC_BASE from the store, by its name, and no other host', async () => {
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
  });

  it('gives null, never an error, when the store fails', async () => {
    const failing = { ...folder, read: () => Promise.reject(new Error('bucket unreachable')) };
    expect(await mediaPhoto('/media/red-1600.webp', failing)).toBeNull();
  });
});
