import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { deleteKeys, listKeys } from './s3.ts';
import { checked, MEDIA_CACHE_CONTROL, MediaStoreError, MEDIA_NAME, type MediaStore } from './store.ts';

// The bucket's store (decision 0030) in a module of its own: it brings the AWS SDK, which store.ts loads only
// when MEDIA_STORE=s3.
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
      if (!MEDIA_NAME.test(name)) return null;
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
        return keys.map((k) => k.slice(KEY_PREFIX.length)).filter((name) => MEDIA_NAME.test(name));
      } catch (error) {
        throw failed('la liste des médias', error);
      }
    },
  };
}
