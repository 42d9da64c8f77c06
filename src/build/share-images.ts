import { createHash } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Property } from '../contract/index.ts';
import { buildApiUrl, env } from '../env.ts';
import { formatPrice, translator } from '../i18n/index.ts';
import { renderShareImage } from './share-image.ts';
import { agency } from './site-config.ts';

/**
 * The share picture of each listing, in a cache keyed by what it shows: a rebuild draws only the listings
 * whose photo, price, commune or title changed. Returns the file of each listing, in order.
 */
async function one(p: Property): Promise<string> {
  const photo = p.media.find((m) => m.type === 'image');
  const photoUrl = photo ? (photo.variants?.find((v) => v.width >= 1200)?.url ?? photo.url) : null;
  const input = {
    title: p.title,
    price: formatPrice(p.price, p.currency, p.type, 'fr'),
    commune: p.state,
    badge: translator('fr')(`type.${p.type}`),
    agency: agency().name,
  };
  const e = env();
  const dir = join(e.BUILD_CACHE_DIR ?? join(e.DATA_DIR, 'cache'), 'share');
  const file = join(
    dir,
    `${createHash('sha256')
      .update(JSON.stringify({ v: 2, photoUrl, ...input }))
      .digest('hex')
      .slice(0, 32)}.jpg`,
  );
  if (
    await access(file).then(
      () => true,
      () => false,
    )
  )
    return file;
  let bytes: Buffer | null = null;
  if (photoUrl) {
    const base = photoUrl.startsWith('http') ? '' : buildApiUrl(e);
    const response = await fetch(base + photoUrl).catch(() => null);
    bytes = response?.ok ? Buffer.from(await response.arrayBuffer()) : null;
  }
  await mkdir(dir, { recursive: true });
  await writeFile(file, await renderShareImage({ ...input, photo: bytes }));
  return file;
}

async function all(properties: readonly Property[]): Promise<string[]> {
  const files: string[] = new Array(properties.length);
  let next = 0;
  const worker = async () => {
    while (next < properties.length) {
      const i = next++;
      files[i] = await one(properties[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return files;
}

export const shareImageFile = { one, all };
