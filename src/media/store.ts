import { mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { s3Settings, type Env } from '../env.ts';

/**
 * Where uploaded media are kept: one interface, two places (decision 0030). Every object is named like
 * the files it replaces (`<id>-480.webp`, `<id>.mp4`): random, never reused, so cacheable for good.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes of one medium, or null when missing or larger than `maxBytes` (not read then). */
  read(name: string, maxBytes: number): Promise<Buffer | null>;
  /** Removes these media; a name already gone is no error. */
  remove(names: readonly string[]): Promise<void>;
  /** Every medium's name (backups, tests). */
  list(): Promise<string[]>;
}

/** A failure of the storage itself (unreachable bucket, refused keys): the server's problem, never the file's. */
export class MediaStoreError extends Error {}

/** Names are made here (media ids), but are checked again: no path, no key outside media/. */
export const MEDIA_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export function checked(name: string): string {
  if (!MEDIA_NAME.test(name)) throw new MediaStoreError(`Nom de média invalide : ${name}`);
  return name;
}

/** Cache headers of every medium, in the folder's static server (app.ts) and on the bucket's objects. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function localMediaStore(dir: string): MediaStore {
  let made: Promise<unknown> | undefined;
  return {
    kind: 'local',
    async put(name, data) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      await writeFile(join(dir, checked(name)), data);
    },
    async read(name, maxBytes) {
      if (!MEDIA_NAME.test(name)) return null;
      const file = await open(join(dir, name), 'r').catch(() => null);
      if (!file) return null;
      try {
        const stats = await file.stat();
        if (!stats.isFile() || stats.size > maxBytes) return null;
        return await file.readFile();
      } catch {
        return null;
      } finally {
        await file.close();
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(join(dir, checked(name)), { force: true })));
    },
    async list() {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      return entries.filter((e) => e.isFile() && MEDIA_NAME.test(e.name)).map((e) => e.name);
    },
  };
}

/**
 * The bucket's store, its AWS SDK loaded on first use: importing the SDK takes about 180 ms (more on a busy
 * machine), which every server start, build and script on local media would otherwise pay for nothing.
 */
function lazyS3MediaStore(e: Env): MediaStore {
  let store: Promise<MediaStore> | undefined;
  const loaded = () =>
    (store ??= Promise.all([import('./s3.ts'), import('./s3-store.ts')]).then(
      ([{ s3Client }, { s3MediaStore }]) => s3MediaStore(s3Client(s3Settings(e)), e.S3_BUCKET!),
    ));
  return {
    kind: 's3',
    put: async (name, data, contentType) => (await loaded()).put(name, data, contentType),
    read: async (name, maxBytes) => (await loaded()).read(name, maxBytes),
    remove: async (names) => (await loaded()).remove(names),
    list: async () => (await loaded()).list(),
  };
}

/** The store MEDIA_STORE names: DATA_DIR/media, or the bucket S3_BUCKET. */
export function mediaStore(e: Env): MediaStore {
  if (e.MEDIA_STORE === 's3') return lazyS3MediaStore(e);
  return localMediaStore(join(e.DATA_DIR, 'media'));
}

/**
 * The medium a URL names, when it is one of this project's: `/media/<name>` as stored, or the same path
 * under MEDIA_PUBLIC_BASE as the API answers it. Any other address (a 3D tour, a typed link) gives null.
 */
export function mediaName(url: string | null | undefined, publicBase: string | undefined): string | null {
  if (!url) return null;
  const path = publicBase && url.startsWith(`${publicBase}/media/`) ? url.slice(publicBase.length) : url;
  const name = /^\/media\/([A-Za-z0-9_-][A-Za-z0-9._-]*)$/.exec(path)?.[1];
  return name ?? null;
}
