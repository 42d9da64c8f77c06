import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { s3Settings, type Env } from '../env.ts';
import { deleteKeys, listKeys, s3Client } from './s3.ts';

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
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
function checked(name: string): string {
  if (!NAME.test(name)) throw new MediaStoreError(`Nom de média invalide : ${name}`);
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
      if (!NAME.test(name)) return null;
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
      return entries.filter((e) => e.isFile() && NAME.test(e.name)).map((e) => e.name);
    },
  };
}

const KEY_PREFIX = 'media/';

/** The bucket's storage: key `media/<name>`, served to browsers at MEDIA_PUBLIC_BASE + `/media/<name>`. */
export function s3MediaStore(client: S3Client, bucket: string): MediaStore {
  const key = (name: string) => `${KEY_PREFIX}${checked(name)}`;
  const failed = (what: string, error: unknown) =>
    new MediaStoreError(`Stockage S3 (${bucket}) : ${what} a échoué : ${(error as Error).message}`, {
      cause: error,
    });
  return {
    kind: 's3',
    async put(name, data, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key(name),
            Body: data,
            ContentType: contentType,
            CacheControl: MEDIA_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw failed(`l’envoi de ${name}`, error);
      }
    },
    async read(name, maxBytes) {
      if (!NAME.test(name)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
        if ((answer.ContentLength ?? Infinity) > maxBytes) {
          // Not read: the connection is dropped rather than downloading what will not be used.
          (answer.Body as { destroy?: () => void } | undefined)?.destroy?.();
          return null;
        }
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw failed(`la lecture de ${name}`, error);
      }
    },
    async remove(names) {
      try {
        await deleteKeys(client, bucket, names.map(key));
      } catch (error) {
        throw failed('la suppression', error);
      }
    },
    async list() {
      try {
        const keys = await listKeys(client, bucket, KEY_PREFIX);
        return keys.map((k) => k.slice(KEY_PREFIX.length)).filter((name) => NAME.test(name));
      } catch (error) {
        throw failed('la liste des médias', error);
      }
    },
  };
}

/** The store MEDIA_STORE names: DATA_DIR/media, or the bucket S3_BUCKET. */
export function mediaStore(e: Env): MediaStore {
  if (e.MEDIA_STORE === 's3') return s3MediaStore(s3Client(s3Settings(e)), e.S3_BUCKET!);
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
