import { fileTypeFromBuffer } from 'file-type';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from '../http-error.ts';
import {
  ImageTooLargeError,
  newMediaId,
  storeImage,
  storeVideoPoster,
  type StoredMedia,
} from '../../media/images.ts';

const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const VIDEO_MIMES = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
]);

export interface UploadLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
  maxPixels: number;
}

export type StoredUpload = StoredMedia & { mime: string; type: 'image' | 'video' };

/**
 * Accepts a file for what its bytes are, never for its name or declared type: JPEG, PNG, WebP and AVIF
 * images (re-encoded), MP4 and WebM videos (kept as sent). SVG, HTML and everything else get 415.
 */
export async function storeUpload(
  data: Buffer,
  declared: 'image' | 'video' | undefined,
  dir: string,
  limits: UploadLimits,
): Promise<StoredUpload> {
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime ?? 'unknown';
  const kind = IMAGE_MIMES.has(mime) ? 'image' : VIDEO_MIMES.has(mime) ? 'video' : null;
  if (!kind) {
    throw new HttpError(
      415,
      'Type de fichier non pris en charge : images JPEG, PNG, WebP, AVIF ou vidéos MP4, WebM',
    );
  }
  if (declared && declared !== kind) {
    throw new HttpError(
      415,
      `Le fichier est ${kind === 'image' ? 'une image' : 'une vidéo'}, pas ${declared === 'image' ? 'une image' : 'une vidéo'}`,
    );
  }
  if (kind === 'image') {
    if (data.length > limits.maxImageBytes) throw tooLarge(limits.maxImageBytes);
    try {
      return { ...(await storeImage(data, dir, { maxPixels: limits.maxPixels })), mime, type: 'image' };
    } catch (error) {
      if (error instanceof ImageTooLargeError) {
        throw new HttpError(
          413,
          `Image trop grande : ${Math.round(limits.maxPixels / 1e6)} mégapixels au plus`,
        );
      }
      throw new HttpError(415, 'Image illisible ou corrompue');
    }
  }
  if (data.length > limits.maxVideoBytes) throw tooLarge(limits.maxVideoBytes);
  const id = newMediaId();
  const name = `${id}.${VIDEO_MIMES.get(mime)}`;
  await writeFile(join(dir, name), data);
  const poster = await storeVideoPoster(dir, id);
  return {
    item: { id, type: 'video', url: `/media/${name}`, thumbnail: `/media/${poster}` },
    files: [name, poster],
    width: null,
    height: null,
    bytes: data.length,
    mime,
    type: 'video',
  };
}

function tooLarge(max: number) {
  return new HttpError(413, `Fichier trop volumineux : ${Math.round(max / 1_048_576)} Mo au plus`);
}
