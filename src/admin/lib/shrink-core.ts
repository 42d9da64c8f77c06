/**
 * A phone photo made light before it leaves the phone (decision 0047): turned upright from its
 * EXIF orientation, at most MAX_SIDE pixels on its longest side, re-encoded as WebP (JPEG where the browser
 * cannot encode WebP) and at most MAX_BYTES. The server still checks and re-encodes whatever it receives:
 * this only spares the agent's mobile data. Used by the worker (shrink-worker.ts) and, where a worker
 * cannot draw, by the page itself (shrink-image.ts), so it touches nothing but the canvas it is given.
 */

/** The server keeps at most a 1,600 px picture; 2,048 leaves it room to crop and re-encode sharply. */
export const MAX_SIDE = 2048;
/**
 * A 12 MP photo leaves the browser as at most 1 MB, decimal, so that eight photos with their
 * requests' headers stay within the 8 MB (MiB) goal whatever the photos hold.
 */
export const MAX_BYTES = 1_000_000;
/** Tried in turn until the picture fits MAX_BYTES; the first keeps a 1,600 px variant free of artefacts. */
export const QUALITIES = [0.82, 0.7, 0.55, 0.4] as const;

/** The images the server accepts (decision 0011); anything else is sent as it is, for the server to judge. */
const SHRINKABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
export const shrinkable = (type: string) => SHRINKABLE.has(type);

/** The size to draw a `width` × `height` picture at: its own when it fits, else scaled to MAX_SIDE. */
export function targetSize(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A canvas either side of the worker boundary: OffscreenCanvas or an <canvas> element. */
export interface Surface {
  context(): CanvasDrawImage & CanvasImageSmoothing;
  encode(type: string, quality: number): Promise<Blob>;
}

/**
 * The picture in `file` made light, or null when it is better sent as it is: it cannot be decoded here (the
 * server then says why), or it already fits and was not rotated, or the result would not be smaller.
 */
export async function shrink(
  file: Blob,
  makeSurface: (w: number, h: number) => Surface,
): Promise<Blob | null> {
  if (!shrinkable(file.type)) return null;
  let bitmap: ImageBitmap;
  try {
    // The pixels upright: a canvas drops the EXIF orientation a phone writes instead of turning the pixels.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const size = targetSize(bitmap.width, bitmap.height);
    if (size.width === bitmap.width && file.size <= MAX_BYTES) return null;
    const surface = makeSurface(size.width, size.height);
    const context = surface.context();
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    let best: Blob | null = null;
    for (const quality of QUALITIES) {
      let blob = await surface.encode('image/webp', quality);
      // Safari encodes no WebP and answers PNG instead: JPEG is then the light choice.
      if (blob.type !== 'image/webp') blob = await surface.encode('image/jpeg', quality);
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= MAX_BYTES) break;
    }
    return best && best.size < file.size ? best : null;
  } finally {
    bitmap.close();
  }
}

/** An OffscreenCanvas as a Surface (in the worker, and on the page where it exists). */
export function offscreenSurface(width: number, height: number): Surface {
  const canvas = new OffscreenCanvas(width, height);
  return {
    context: () => {
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      return context;
    },
    encode: (type, quality) => canvas.convertToBlob({ type, quality }),
  };
}
