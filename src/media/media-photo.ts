import { mediaName, type MediaStore } from './store.ts';

/** Uploads are re-encoded WebP of at most 1600 px; anything far bigger in the media store is not a photo. */
const MAX_PHOTO_BYTES = 20 * 1_048_576;

/**
 * The bytes of a picture the site names (a listing's photo for its share picture, the agency's logo for the
 * app icons), read from this project's own media store (DATA_DIR/media or the bucket of MEDIA_STORE=s3):
 * only a `/media/<name>` address (or the same under MEDIA_PUBLIC_BASE) is read, by its name, never fetched
 * as a URL (a picture address staff typed could point at a slow host, a huge file or an internal address).
 * Anything else, missing, oversized or unreachable gives null: the picture is drawn without it.
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
