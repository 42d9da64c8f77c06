import { createHash } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import type { Property } from '../contract/index.ts';
import { env } from '../env.ts';
import { mediaName, mediaStore, type MediaStore } from '../media/store.ts';
import { formatPrice, translator } from '../i18n/index.ts';
import { allProperties } from './api.ts';
import { linkOrCopy } from './walk.ts';
import { renderShareImage, type ShareImageInput } from './share-image.ts';
import { agency } from './site-config.ts';

/** Uploads are re-encoded WebP of at most 1600 px; anything far bigger in the media folder is not a photo. */
const MAX_PHOTO_BYTES = 20 * 1_048_576;

/**
 * The bytes of a listing photo, read from this project's own media store (DATA_DIR/media or the bucket of
 * MEDIA_STORE=s3): only a `/media/<name>` address (or the same under MEDIA_PUBLIC_BASE) is read, by its
 * name, never fetched as a URL (a picture address staff typed could point at a slow host, a huge file or
 * an internal address). Anything else, missing, oversized or unreachable gives null: the share picture is
 * drawn without a photo rather than failing the build.
 */
export async function mediaPhoto(
  url: string | null,
  store: MediaStore,
  publicBase?: string,
): Promise<Buffer | null> {
  const name = mediaName(url, publicBase);
  if (!name) return null;
  return store.read(name, MAX_PHOTO_BYTES).catch(() => null);
}

let store: MediaStore | undefined;

/** The share picture over the photo, or without it when the photo does not decode: never a failed build. */
export async function drawShareImage(input: ShareImageInput): Promise<{ image: Buffer; withPhoto: boolean }> {
  if (input.photo) {
    try {
      return { image: await renderShareImage(input), withPhoto: true };
    } catch {
      // An unreadable picture is skipped, below.
    }
  }
  return { image: await renderShareImage({ ...input, photo: null }), withPhoto: false };
}

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
  store ??= mediaStore(e);
  const bytes = await mediaPhoto(photoUrl, store, e.MEDIA_PUBLIC_BASE);
  const { image, withPhoto } = await drawShareImage({ ...input, photo: bytes });
  await mkdir(dir, { recursive: true });
  // Drawn without a media file it should show (missing, broken): not cached, the next build tries again.
  const retry = !withPhoto && mediaName(photoUrl, e.MEDIA_PUBLIC_BASE) !== null;
  const target = retry ? join(dir, `no-photo-${p.id}.jpg`) : file;
  // Written aside and renamed: builds hard-link these files, and rewriting one in place would change the
  // picture of a build already online.
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, image);
  await rename(temporary, target);
  return target;
}

/**
 * Draws (or finds in the cache) every listing's picture, `workers` at a time: while Astro renders pages on
 * one core, one picture at a time uses the other.
 */
async function all(
  properties: readonly Property[],
  workers = Math.max(2, availableParallelism()),
): Promise<string[]> {
  const files: string[] = new Array(properties.length);
  let next = 0;
  const worker = async () => {
    while (next < properties.length) {
      const i = next++;
      files[i] = await one(properties[i]!);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return files;
}

export const shareImageFile = { one, all };

/**
 * The share pictures (/share/{id}.jpg, the pages' og:image) of a build: drawn from the start of the build,
 * beside Vite's bundling and Astro's rendering, which use one core (a cold build draws one picture per
 * listing, about 75 ms of CPU each), and put into the site at the end as hard links to the cache.
 */
export function shareImages(): AstroIntegration {
  let drawing: Promise<{ properties: Property[]; files: string[] }> | null = null;
  return {
    name: 'ndako-share-images',
    hooks: {
      'astro:build:start': () => {
        drawing = allProperties().then(async (properties) => ({
          properties,
          files: await all(properties, Math.max(1, availableParallelism() - 1)),
        }));
        // Awaited at the end; a failure must not go unhandled in between.
        drawing.catch(() => {});
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!drawing) return;
        const started = performance.now();
        const { properties, files } = await drawing;
        const waited = (performance.now() - started) / 1000;
        const out = join(dir.pathname, 'share');
        await mkdir(out, { recursive: true });
        await Promise.all(properties.map((p, i) => linkOrCopy(files[i]!, join(out, `${p.id}.jpg`))));
        logger.info(`${files.length} share pictures linked (waited ${waited.toFixed(1)} s for the drawing)`);
      },
    },
  };
}
