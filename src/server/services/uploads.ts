import { fileTypeFromBuffer } from 'file-type';
import type { Env } from '../../env.ts';
import { HttpError } from '../http-error.ts';
import type { MediaStore } from '../../media/store.ts';
import {
  DiskFullError,
  ImageTooLargeError,
  isDiskFull,
  UnreadableImageError,
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

/** The limits the configuration sets, for every route that takes a file (one-shot or resumable). */
export const uploadLimits = (env: Env): UploadLimits => ({
  maxImageBytes: env.MEDIA_MAX_IMAGE_MB * 1_048_576,
  maxVideoBytes: env.MEDIA_MAX_VIDEO_MB * 1_048_576,
  maxPixels: env.MEDIA_MAX_MEGAPIXELS * 1_000_000,
});

export type StoredUpload = StoredMedia & { mime: string; type: 'image' | 'video' };

/**
 * Accepts a file for what its bytes are, never for its name or declared type: JPEG, PNG, WebP and AVIF
 * images (re-encoded), MP4 and WebM videos (kept as sent). SVG, HTML and everything else get 415.
 */
export async function storeUpload(
  data: Buffer,
  declared: 'image' | 'video' | undefined,
  store: MediaStore,
  limits: UploadLimits,
  /** The new media's random name; given only by tests that prepare its files. */
  id: string = newMediaId(),
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
      return { ...(await storeImage(data, store, { maxPixels: limits.maxPixels, id })), mime, type: 'image' };
    } catch (error) {
      if (error instanceof ImageTooLargeError) {
        throw new HttpError(
          413,
          `Image trop grande : ${Math.round(limits.maxPixels / 1e6)} mégapixels au plus`,
        );
      }
      if (error instanceof DiskFullError) throw diskFull();
      if (error instanceof UnreadableImageError) throw new HttpError(415, 'Image illisible ou corrompue');
      throw error;
    }
  }
  if (data.length > limits.maxVideoBytes) throw tooLarge(limits.maxVideoBytes);
  const name = `${id}.${VIDEO_MIMES.get(mime)}`;
  let poster: string;
  try {
    await store.put(name, data, mime);
    poster = await storeVideoPoster(store, id);
  } catch (error) {
    // Nothing half-stored: neither the video nor its poster stays.
    await store.remove([name, `${id}-thumb.webp`]).catch(() => {});
    throw isDiskFull(error) ? diskFull() : error;
  }
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

/** 507 Insufficient Storage: the server's disk is full, the file was not kept (a retry later may work). */
const diskFull = () =>
  new HttpError(
    507,
    'Espace disque insuffisant sur le serveur : le fichier n’a pas été enregistré. Prévenez l’administrateur.',
  );

function tooLarge(max: number) {
  return new HttpError(413, `Fichier trop volumineux : ${Math.round(max / 1_048_576)} Mo au plus`);
}
