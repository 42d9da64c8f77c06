import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_WIDTHS } from '../../media/images.ts';

/** A responsive variant of an uploaded image: /media/{id}-{width}.webp (src/media/images.ts). */
export const MEDIA_VARIANT = /^\/media\/([A-Za-z0-9_-]+)-(\d+)\.webp$/;
const SMALLEST = IMAGE_WIDTHS[0];

/**
 * A browser that asks to save data (`Save-Data: on`) gets the smallest variant of a picture
 * whatever width its srcset chose: the same photo, a third to a tenth of the bytes. The response varies on
 * Save-Data, so caches keep the two apart. Any other address is left as it is.
 */
export function saveDataUrl(
  url: string,
  saveData: string | string[] | undefined,
  exists: (name: string) => boolean,
): string {
  if (saveData !== 'on') return url;
  const match = MEDIA_VARIANT.exec(url);
  if (!match || Number(match[2]) <= SMALLEST) return url;
  const smallest = `${match[1]}-${SMALLEST}.webp`;
  return exists(smallest) ? `/media/${smallest}` : url;
}

/** The same, against the media folder: Fastify's rewriteUrl, which runs before routing. */
export const saveDataRewrite =
  (mediaDir: string) =>
  (req: { url?: string | undefined; headers: Record<string, string | string[] | undefined> }) =>
    saveDataUrl(req.url ?? '/', req.headers['save-data'], (name) => existsSync(join(mediaDir, name)));
