import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { MediaItem } from '../contract/index.ts';
import { MediaStoreError, type MediaStore } from './store.ts';

/** Responsive widths served for every image; each screen downloads the smallest that fills it (720: a full-width
 * card or gallery on a 360 CSS px phone at 2×, the common Android case, which otherwise fetched the 960). */
export const IMAGE_WIDTHS = [480, 720, 960, 1600] as const;
const THUMB = { width: 400, height: 300 } as const;

export interface StoredMedia {
  item: MediaItem & { id: string; thumbnail: string };
  files: string[];
  width: number | null;
  height: number | null;
  bytes: number;
}

export class ImageTooLargeError extends Error {}
export class UnreadableImageError extends Error {}
/** The disk (or the user's quota) is full: nothing was kept, and saying "unreadable" would mislead. */
export class DiskFullError extends Error {}

export const newMediaId = () => randomBytes(16).toString('hex');

/**
 * Decodes an image and re-encodes it as WebP at each responsive width plus a thumbnail. Re-encoding drops
 * every byte of the original that is not pixels: metadata (GPS position of a seller's house), trailing
 * payloads of polyglot files, colour profiles that could carry data.
 */
export async function storeImage(
  input: Buffer,
  store: MediaStore,
  options: { maxPixels: number; id?: string },
): Promise<StoredMedia> {
  const id = options.id ?? newMediaId();
  const base = () => sharp(input, { limitInputPixels: options.maxPixels, failOn: 'error' }).rotate();
  let meta: Metadata;
  try {
    meta = await base().metadata();
  } catch (error) {
    throw classify(error);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const srcWidth = (rotated ? meta.height : meta.width) ?? 0;
  const srcHeight = (rotated ? meta.width : meta.height) ?? 0;
  if (!srcWidth || !srcHeight) throw new UnreadableImageError('Image illisible');
  if (srcWidth * srcHeight > options.maxPixels) throw new ImageTooLargeError('Image trop grande');

  const widths = IMAGE_WIDTHS.filter((w) => w < srcWidth);
  const largest = Math.min(srcWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  if (!widths.includes(largest as (typeof IMAGE_WIDTHS)[number])) widths.push(largest as never);

  const files: string[] = [];
  /** Every file this upload may have started writing, removed again if it fails half-way. */
  const started: string[] = [];
  const variants: { width: number; url: string }[] = [];
  let bytes = 0;
  try {
    for (const width of widths) {
      const name = `${id}-${width}.webp`;
      started.push(name);
      const data = await base()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 76, effort: 3 })
        .toBuffer();
      await store.put(name, data, 'image/webp');
      files.push(name);
      variants.push({ width, url: `/media/${name}` });
      bytes += data.length;
    }
    const thumbName = `${id}-thumb.webp`;
    started.push(thumbName);
    const thumb = await base()
      .resize({ ...THUMB, fit: 'cover' })
      .webp({ quality: 70, effort: 3 })
      .toBuffer();
    await store.put(thumbName, thumb, 'image/webp');
    files.push(thumbName);
    bytes += thumb.length;
    const height = Math.round((srcHeight * largest) / srcWidth);
    return {
      item: {
        id,
        type: 'image',
        url: `/media/${id}-${largest}.webp`,
        thumbnail: `/media/${thumbName}`,
        width: largest,
        height,
        variants,
      },
      files,
      width: largest,
      height,
      bytes,
    };
  } catch (error) {
    await store.remove(started).catch(() => {});
    throw classify(error);
  }
}

/** A still that stands for a video in lists, since videos are stored as uploaded, without a decoder here. */
export async function storeVideoPoster(store: MediaStore, id: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB.width}" height="${THUMB.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#12355b"/><stop offset="1" stop-color="#0b1f35"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="200" cy="150" r="46" fill="#ffffff" fill-opacity="0.92"/>
    <path d="M186 124 L186 176 L228 150 Z" fill="#12355b"/></svg>`;
  const name = `${id}-thumb.webp`;
  await store.put(name, await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer(), 'image/webp');
  return name;
}

/** The kernel's answer when the disk or the account's quota is full: the server's 507, not a 500. */
export const isDiskFull = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

function classify(error: unknown): Error {
  if (error instanceof ImageTooLargeError || error instanceof UnreadableImageError) return error;
  // The bucket's failure, not the image's: a 500, logged.
  if (error instanceof MediaStoreError) return error;
  if (isDiskFull(error)) return new DiskFullError('Disque plein', { cause: error });
  const code = (error as NodeJS.ErrnoException).code;
  // Any other failure to write (permissions, I/O) is the server's, not the image's: a 500, logged.
  if (typeof code === 'string' && code.startsWith('E')) return error as Error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageTooLargeError('Image trop grande');
  return new UnreadableImageError('Image illisible ou corrompue');
}
