import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { deleteKeys, eachLimited, listKeys } from '../../media/s3.ts';
import {
  asBuildIndex,
  asShard,
  type BuildIndex,
  type SiteObject,
  type SitePointer,
} from './site-bucket-layout.ts';

/** Requests sent to the bucket at once. */
export const WIDTH = 8;

/**
 * The site's objects in the bucket, where site-bucket-layout.ts puts them: the pointer, each build's index,
 * the objects (files and shards, named by their content); read, written and pruned.
 */
export function bucketStore(client: S3Client, bucket: string, prefix: string) {
  const pointerKey = `${prefix}/current.json`;
  const builds = `${prefix}/builds/`;
  const indexKey = (build: string) => `${builds}${build}.json`;
  const objects = `${prefix}/objects/`;

  async function getJson(key: string): Promise<unknown> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return JSON.parse((await answer.Body?.transformToString()) ?? 'null') as unknown;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async function put(key: string, o: Omit<SiteObject, 'name'>): Promise<void> {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: o.body,
        ContentType: o.contentType,
        CacheControl: o.cacheControl,
        // The store refuses an upload whose bytes arrive corrupted.
        ContentMD5: createHash('md5').update(o.body).digest('base64'),
      }),
    );
  }
  const putJson = (key: string, value: unknown, cacheControl: string) =>
    put(key, { body: Buffer.from(JSON.stringify(value)), contentType: 'application/json', cacheControl });

  return {
    bucket,
    indexKey,
    /** The key of an object (a file or a shard) by its name. */
    objectKey: (name: string) => `${objects}${name}`,
    /** The names of the objects the bucket holds, whichever build (or interrupted publish) put them there. */
    listObjects: async () =>
      (await listKeys(client, bucket, objects)).map((key) => key.slice(objects.length)),
    /** The indexes of every build, and an older version's layout (`builds/<build>/<path>`). */
    listBuilds: () => listKeys(client, bucket, builds),
    /** The build a key of `listBuilds` belongs to. */
    buildOf: (key: string) =>
      key
        .slice(builds.length)
        .split('/')[0]!
        .replace(/\.json$/, ''),
    deleteKeys: (keys: readonly string[]) => deleteKeys(client, bucket, keys),
    put,
    putJson,
    pointerKey,
    async readPointer(): Promise<SitePointer | null> {
      const value = (await getJson(pointerKey)) as Partial<SitePointer> | null;
      return typeof value?.build === 'string' ? (value as SitePointer) : null;
    },
    readIndex: async (build: string) => asBuildIndex(await getJson(indexKey(build))),
    readShard: async (name: string) => asShard(await getJson(`${objects}${name}`), name),
  };
}

export type BucketStore = ReturnType<typeof bucketStore>;

/** The names of the objects `index` needs: its shards, and the files of those not in `known`. */
export async function namesOf(
  store: BucketStore,
  index: BuildIndex,
  known: ReadonlySet<string>,
): Promise<Set<string>> {
  const names = new Set(Object.values(index.shards));
  // A shard the new build has too holds the same paths and names (it is named by its bytes).
  const unknown = [...names].filter((name) => !known.has(name));
  await eachLimited(unknown, WIDTH, async (name) => {
    for (const file of Object.values(await store.readShard(name))) names.add(file);
  });
  return names;
}

/** Deletes the indexes of builds not in `keep`, then the objects of `listed` not in `names`. */
export async function prune(
  store: BucketStore,
  keep: readonly string[],
  names: ReadonlySet<string>,
  listed: readonly string[],
): Promise<{ removedBuilds: string[]; removedObjects: number }> {
  const kept = new Set(keep.map(store.indexKey));
  // An older version's layout (`builds/<build>/<path>`) goes too, a build at a time.
  const stale = (await store.listBuilds()).filter((key) => !kept.has(key));
  const unused = listed.filter((name) => !names.has(name)).map(store.objectKey);
  // Indexes first: an interrupted prune leaves unnamed objects, which the next one finds, never a build
  // whose index names deleted objects.
  await store.deleteKeys([...stale, ...unused]);
  const removed = stale.map(store.buildOf);
  return { removedBuilds: [...new Set(removed)].sort(), removedObjects: unused.length };
}
