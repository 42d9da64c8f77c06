import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { assetsFolder, buildManifest } from './site-manifest.ts';
import { deleteKeys, eachLimited, listKeys } from '../../media/s3.ts';
import {
  asBuildIndex,
  asShard,
  buildIndex,
  fileObject,
  INDEX_CACHE,
  onApiOriginOnly,
  type BuildIndex,
  type SiteObject,
  type SitePointer,
} from './site-bucket-layout.ts';

export type { SitePointer } from './site-bucket-layout.ts';

/**
 * Where a publish puts the built site besides SITE_DIR (which this server keeps serving). The publisher
 * calls it after a build succeeded and before switching SITE_DIR; a failure fails the publish.
 */
export interface SiteTarget {
  /** Puts the build in `dir` online there; answers what it did, for the publish's audit line. */
  publish(dir: string, signal: AbortSignal): Promise<string>;
}

export interface SiteUploadReport {
  build: string;
  files: number;
  /** Objects uploaded: files whose bytes (or headers) no object of the bucket had yet. */
  sent: number;
  /** Files whose object was in the bucket already: nothing sent for them. */
  unchanged: number;
  removedBuilds: string[];
  removedObjects: number;
  /** Why removing older builds failed, after the switch: the next publish removes them. */
  pruneError: string | null;
}

/** Requests sent to the bucket at once. */
const WIDTH = 8;

/**
 * Every file of the build that goes to the bucket, as `a/b.html` paths: without the .br/.gz copies made for
 * this server, nor the admin's pages, which stay on the API's origin (onApiOriginOnly, decision 0050).
 */
export async function buildFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
  const all = new Set(paths);
  // A CDN compresses on its own; these copies serve only this server's preCompressed option.
  return paths
    .filter((p) => !(/\.(br|gz)$/.test(p) && all.has(p.slice(0, -3))) && !onApiOriginOnly(p))
    .sort();
}

const unique = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The public site in a bucket behind a CDN (SITE_STORE=s3, decision 0030; the layout in
 * site-bucket-layout.ts). A publish uploads only the objects the bucket lacks (files named by their
 * content), then the build's shards and index, then replaces `<prefix>/current.json`, one small object
 * replaced whole, which is the switch. The build it replaces is kept whole (pages already open still find
 * their assets; an operator can point back to it); older builds, and objects no kept build names, are
 * deleted.
 */
export function siteBucket(client: S3Client, bucket: string, prefix: string) {
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

  async function readPointer(): Promise<SitePointer | null> {
    const value = (await getJson(pointerKey)) as Partial<SitePointer> | null;
    return typeof value?.build === 'string' ? (value as SitePointer) : null;
  }
  const readIndex = async (build: string) => asBuildIndex(await getJson(indexKey(build)));
  const readShard = async (name: string) => asShard(await getJson(`${objects}${name}`), name);

  /** The names of the objects `index` needs: its shards, and the files of those not in `known`. */
  async function namesOf(index: BuildIndex, known: ReadonlySet<string>): Promise<Set<string>> {
    const names = new Set(Object.values(index.shards));
    // A shard the new build has too holds the same paths and names (it is named by its bytes).
    const unknown = [...names].filter((name) => !known.has(name));
    await eachLimited(unknown, WIDTH, async (name) => {
      for (const file of Object.values(await readShard(name))) names.add(file);
    });
    return names;
  }

  /** Deletes the indexes of builds not in `keep`, then the objects of `listed` not in `names`. */
  async function prune(keep: readonly string[], names: ReadonlySet<string>, listed: readonly string[]) {
    const kept = new Set(keep.map(indexKey));
    // An older version's layout (`builds/<build>/<path>`) goes too, a build at a time.
    const stale = (await listKeys(client, bucket, builds)).filter((key) => !kept.has(key));
    const unused = listed.filter((name) => !names.has(name)).map((name) => `${objects}${name}`);
    // Indexes first: an interrupted prune leaves unnamed objects, which the next one finds, never a build
    // whose index names deleted objects.
    await deleteKeys(client, bucket, [...stale, ...unused]);
    const removed = stale.map((key) =>
      key
        .slice(builds.length)
        .split('/')[0]!
        .replace(/\.json$/, ''),
    );
    return { removedBuilds: [...new Set(removed)].sort(), removedObjects: unused.length };
  }

  /**
   * The object name of each file read before, while the file is the same (its inode, size and time): a
   * publish changes a few files of the live build in place (decision 0045), and reading and hashing the
   * 30,000 others again at each publish would cost seconds at 10,000 listings.
   */
  const named = new Map<string, { stamp: string; name: string }>();

  /** Uploads the build in `dir`, switches the pointer to it, and removes builds older than the previous. */
  async function upload(dir: string, signal?: AbortSignal): Promise<SiteUploadReport> {
    const current = await readPointer();
    const currentIndex = current ? await readIndex(current.build) : null;
    // What the bucket holds already, whichever build (or interrupted publish) put it there.
    const listed = (await listKeys(client, bucket, objects)).map((key) => key.slice(objects.length));
    const present = new Set(listed);
    const build = unique();
    const paths = await buildFiles(dir);
    const assets = assetsFolder(await buildManifest(dir));
    const files = new Map<string, string>();
    const sending = new Set<string>();
    let fresh = 0;
    await eachLimited(paths, WIDTH, async (path) => {
      signal?.throwIfAborted();
      const file = join(dir, ...path.split('/'));
      const { ino, size, mtimeMs } = await stat(file);
      const stamp = `${ino}:${size}:${mtimeMs}`;
      const known = named.get(file);
      let object = known?.stamp === stamp ? null : fileObject(path, await readFile(file), assets);
      const name = object?.name ?? known!.name;
      if (object) named.set(file, { stamp, name });
      files.set(path, name);
      if (present.has(name)) return;
      object ??= fileObject(path, await readFile(file), assets);
      fresh++;
      // Two files of the same bytes and headers are one object, sent once.
      if (sending.has(object.name)) return;
      sending.add(object.name);
      await put(`${objects}${object.name}`, object);
    });
    const { index, shards } = buildIndex(build, files);
    await eachLimited(
      shards.filter((s) => !present.has(s.name)),
      WIDTH,
      (s) => put(`${objects}${s.name}`, s),
    );
    signal?.throwIfAborted();
    await putJson(indexKey(build), index, INDEX_CACHE);
    // The switch: one small object replaced whole, read by the CDN's edge rule (decision 0030).
    const previous = currentIndex ? currentIndex.build : null;
    const pointer: SitePointer = { build, previous, publishedAt: new Date().toISOString() };
    await putJson(pointerKey, pointer, 'no-cache');

    const report = { build, files: paths.length, sent: sending.size, unchanged: paths.length - fresh };
    // The new build is online: a failure from here on is only old objects left, for the next publish.
    try {
      const names = new Set([...files.values(), ...Object.values(index.shards)]);
      if (currentIndex) for (const name of await namesOf(currentIndex, names)) names.add(name);
      const pruned = await prune(previous ? [build, previous] : [build], names, listed);
      return { ...report, ...pruned, pruneError: null };
    } catch (error) {
      return { ...report, removedBuilds: [], removedObjects: 0, pruneError: message(error) };
    }
  }

  return {
    upload,
    /** The pointer as the bucket has it now, or null before the first publish. */
    pointer: readPointer,
    /**
     * Each path of a build and the key of its object, read as an edge rule does (index, then shards);
     * null when the bucket has no such build.
     */
    async files(build: string): Promise<Map<string, string> | null> {
      const index = await readIndex(build);
      if (!index) return null;
      const files = new Map<string, string>();
      await eachLimited(Object.values(index.shards), WIDTH, async (name) => {
        for (const [path, file] of Object.entries(await readShard(name)))
          files.set(path, `${objects}${file}`);
      });
      return files;
    },

    async publish(dir: string, signal: AbortSignal): Promise<string> {
      let done: SiteUploadReport;
      try {
        done = await upload(dir, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(
          `L’envoi du site au bucket ${bucket} a échoué (${message(error)}) : le site en ligne est conservé`,
          { cause: error },
        );
      }
      const line = `bucket ${bucket} (${indexKey(done.build)}) : ${done.sent} fichiers envoyés, ${done.unchanged} inchangés`;
      return done.pruneError
        ? `${line} ; les anciennes versions restent dans le bucket (${done.pruneError}), la prochaine publication les supprimera`
        : line;
    },
  } satisfies SiteTarget & Record<string, unknown>;
}
