import { offscreenSurface, shrink, shrinkable, type Surface } from './shrink-core.ts';
import type { ShrinkAnswer, ShrinkRequest } from './shrink-worker.ts';

/**
 * `file` made light for the upload (shrink-core.ts): in a worker where the browser can draw there
 * (OffscreenCanvas), else on the page. Never fails: a picture that cannot be made lighter goes as it is,
 * and the server's own checks decide.
 */
export async function shrinkImage(file: File): Promise<File> {
  if (!shrinkable(file.type)) return file;
  let blob: Blob | null;
  try {
    blob = await inWorker(file);
  } catch (error) {
    console.warn('photo not made light in a worker, trying on the page', error);
    blob = await shrink(file, pageSurface).catch((e: unknown) => {
      console.warn('photo sent as it is', e);
      return null;
    });
  }
  if (!blob) return file;
  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
  const name = file.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([blob], `${name}.${extension}`, { type: blob.type, lastModified: file.lastModified });
}

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (b: Blob | null) => void; reject: (e: unknown) => void }>();

/** One worker for the page's life, started on first use; photos wait their turn in it (memory on a phone). */
function inWorker(file: File): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'undefined' || typeof Worker === 'undefined') {
    return Promise.reject(new Error('no OffscreenCanvas'));
  }
  if (!worker) {
    worker = new Worker(new URL('./shrink-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<ShrinkAnswer>) => {
      const call = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.error) call?.reject(new Error(data.error));
      else call?.resolve(data.blob);
    };
    worker.onerror = (event) => {
      // A worker that cannot start (an old browser, a refused script): everything waiting goes to the page.
      event.preventDefault();
      for (const call of waiting.values()) call.reject(new Error(event.message || 'worker failed'));
      waiting.clear();
      worker?.terminate();
      worker = null;
    };
  }
  const id = ++next;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker!.postMessage({ id, file } satisfies ShrinkRequest);
  });
}

/** On the page: an OffscreenCanvas where there is one, else a <canvas> element. */
function pageSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return offscreenSurface(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    context: () => {
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      return context;
    },
    encode: (type, quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('not encoded'))), type, quality),
      ),
  };
}
