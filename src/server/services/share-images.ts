import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Property } from '../../contract/index.ts';
import { formatPrice, translator } from '../../i18n/index.ts';
import { mediaPhoto } from '../../media/media-photo.ts';
import { drawShareImage, type ShareImageInput } from '../../media/share-image.ts';
import { mediaName, type MediaStore } from '../../media/store.ts';

// A listing's share picture (/share/{id}.jpg, its pages' og:image) is drawn by this server on its first
// request and kept in a file named by what it shows (decision 0040): the site build no longer draws one per
// listing (75 ms of CPU each, 750 s at 10,000 listings), and an edit that changes the picture gets a new file.

/**
 * The drawing's version, in every picture's hash: raise it when share-image.ts draws differently, so that
 * no picture of the old drawing is served again (from the cache here, or as a 304 to a crawler).
 */
const DRAWING = 3;

/** What a listing's picture shows, and its hash: the name of its file in the cache and its ETag. */
export interface ShareContent {
  text: Omit<ShareImageInput, 'photo'>;
  /** The first photo's variant of at least 1200 px (or the photo itself), as the listing stores it. */
  photoUrl: string | null;
  hash: string;
}

export function shareContent(p: Property, agencyName: string): ShareContent {
  const photo = p.media.find((m) => m.type === 'image');
  const photoUrl = photo ? (photo.variants?.find((v) => v.width >= 1200)?.url ?? photo.url) : null;
  const text = {
    title: p.title,
    price: formatPrice(p.price, p.currency, p.type, 'fr'),
    commune: p.state,
    badge: translator('fr')(`type.${p.type}`),
    agency: agencyName,
  };
  const hash = createHash('sha256')
    .update(JSON.stringify({ v: DRAWING, photoUrl, ...text }))
    .digest('hex')
    .slice(0, 32);
  return { text, photoUrl, hash };
}

export interface SharePicture {
  image: Buffer;
  /**
   * False when drawn without the photo the listing names (a media file missing, unreadable, or the bucket
   * unreachable): not cached on disk, kept in memory for FAILED_PICTURE_TTL_MS, then drawn again, which may
   * find the photo.
   */
  final: boolean;
}

/** Runs at most `max` tasks at once; the others wait their turn, first come first served. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot goes straight to the next in line, so a newcomer cannot take it in between.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** Written aside and renamed: a reader never sees half a file, and instances sharing DATA_DIR never collide. */
async function keep(file: string, image: Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, image);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * How long a picture drawn without its photo is served again rather than redrawn: the photo may be back by
 * then, but a listing whose photo cannot be read must not cost a drawing on every request.
 * As long as the route's short Cache-Control, so a browser or CDN and this process agree.
 */
export const FAILED_PICTURE_TTL_MS = 60_000;
/** Pictures without their photo held at once: a bound on the memory, whatever the number of listings. */
const FAILED_PICTURES_KEPT = 100;

export interface ShareImagesOptions {
  store: MediaStore;
  /** The cache folder (BUILD_CACHE_DIR/share). */
  dir: string;
  publicBase?: string | undefined;
  /**
   * Drawings at once in this process: each is about 75 ms of one core (sharp), and a crawler asking for
   * every listing at once must leave the API's requests the rest.
   */
  concurrency?: number;
  /** A picture that could not be cached (a full disk) is still answered; this hears why. */
  onCacheError?: (error: unknown) => void;
  /** The clock of the failed pictures' short cache (tests move it). */
  now?: () => number;
}

export function shareImages(options: ShareImagesOptions) {
  const { store, dir, publicBase } = options;
  const slots = limiter(options.concurrency ?? 2);
  /** One drawing per picture: concurrent first requests for it all wait for the same one. */
  const inFlight = new Map<string, Promise<SharePicture>>();
  /** Pictures drawn without their photo, in memory until they expire (never on disk: they are not final). */
  const failed = new Map<string, { image: Buffer; until: number }>();
  const now = options.now ?? (() => Date.now());
  let made: Promise<unknown> | undefined;

  function keepFailed(hash: string, image: Buffer) {
    // A Map iterates in insertion order: the first key is the oldest picture.
    if (failed.size >= FAILED_PICTURES_KEPT) failed.delete(failed.keys().next().value!);
    failed.set(hash, { image, until: now() + FAILED_PICTURE_TTL_MS });
  }

  async function produce(content: ShareContent): Promise<SharePicture> {
    const recent = failed.get(content.hash);
    if (recent && recent.until > now()) return { image: recent.image, final: false };
    failed.delete(content.hash);
    const file = join(dir, `${content.hash}.jpg`);
    const cached = await readFile(file).catch(() => null);
    if (cached) return { image: cached, final: true };
    // The photo is read inside the slot too: waiting requests hold no photo in memory.
    const { image, withPhoto } = await slots(async () =>
      drawShareImage({ ...content.text, photo: await mediaPhoto(content.photoUrl, store, publicBase) }),
    );
    // No photo is final when the listing names none of ours (none, or an outside address never fetched).
    const final = withPhoto || mediaName(content.photoUrl, publicBase) === null;
    if (!final) keepFailed(content.hash, image);
    if (final) {
      try {
        made ??= mkdir(dir, { recursive: true });
        await made;
        await keep(file, image);
      } catch (error) {
        made = undefined;
        options.onCacheError?.(error);
      }
    }
    return { image, final };
  }

  return {
    /** The picture of this content, from the cache, or drawn (once however many ask) and cached. */
    picture(content: ShareContent): Promise<SharePicture> {
      let pending = inFlight.get(content.hash);
      if (!pending) {
        pending = produce(content).finally(() => inFlight.delete(content.hash));
        inFlight.set(content.hash, pending);
      }
      return pending;
    },
  };
}
