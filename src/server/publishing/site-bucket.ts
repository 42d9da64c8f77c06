import type { S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { eachLimited } from '../../media/s3.ts';
import { bucketStore, namesOf, prune, WIDTH, type BucketStore } from './site-bucket-store.ts';
import {
  buildIndex,
  fileObject,
  INDEX_CACHE,
  onApiOriginOnly,
  type SitePointer,
} from './site-bucket-layout.ts';
import { assetsFolder, buildManifest } from './site-manifest.ts';

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

/** The object name of a file read before, with the stamp of the file it was read from (inode, size, time). */
type NameCache = Map<string, { stamp: string; name: string }>;

/**
 * Uploads what the bucket lacks of the files at `paths`: answers the object name of each path, the objects
 * sent, and how many files the bucket did not have.
 */
async function sendFiles(
  store: BucketStore,
  { dir, paths, present, named }: { dir: string; paths: string[]; present: Set<string>; named: NameCache },
  signal?: AbortSignal,
): Promise<{ files: Map<string, string>; sent: number; fresh: number }> {
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
    await store.put(store.objectKey(object.name), object);
  });
  return { files, sent: sending.size, fresh };
}

/** Uploads the build in `dir`, switches the pointer to it, and removes builds older than the previous. */
async function upload(
  store: BucketStore,
  named: NameCache,
  dir: string,
  signal?: AbortSignal,
): Promise<SiteUploadReport> {
  const current = await store.readPointer();
  const currentIndex = current ? await store.readIndex(current.build) : null;
  // What the bucket holds already, whichever build (or interrupted publish) put it there.
  const listed = await store.listObjects();
  const present = new Set(listed);
  const build = unique();
  const paths = await buildFiles(dir);
  const { files, sent, fresh } = await sendFiles(store, { dir, paths, present, named }, signal);
  const { index, shards } = buildIndex(build, files);
  await eachLimited(
    shards.filter((s) => !present.has(s.name)),
    WIDTH,
    (s) => store.put(store.objectKey(s.name), s),
  );
  signal?.throwIfAborted();
  await store.putJson(store.indexKey(build), index, INDEX_CACHE);
  // The switch: one small object replaced whole, read by the CDN's edge rule (decision 0030).
  const previous = currentIndex ? currentIndex.build : null;
  const pointer: SitePointer = { build, previous, publishedAt: new Date().toISOString() };
  await store.putJson(store.pointerKey, pointer, 'no-cache');

  const report = { build, files: paths.length, sent, unchanged: paths.length - fresh };
  // The new build is online: a failure from here on is only old objects left, for the next publish.
  try {
    const names = new Set([...files.values(), ...Object.values(index.shards)]);
    if (currentIndex) for (const name of await namesOf(store, currentIndex, names)) names.add(name);
    const pruned = await prune(store, previous ? [build, previous] : [build], names, listed);
    return { ...report, ...pruned, pruneError: null };
  } catch (error) {
    return { ...report, removedBuilds: [], removedObjects: 0, pruneError: message(error) };
  }
}

/**
 * The public site in a bucket behind a CDN (SITE_STORE=s3, decision 0030; the layout in
 * site-bucket-layout.ts). A publish uploads only the objects the bucket lacks (files named by their
 * content), then the build's shards and index, then replaces `<prefix>/current.json`, one small object
 * replaced whole, which is the switch. The build it replaces is kept whole (pages already open still find
 * their assets; an operator can point back to it); older builds, and objects no kept build names, are
 * deleted.
 */
export function siteBucket(client: S3Client, bucket: string, prefix: string) {
  const store = bucketStore(client, bucket, prefix);
  /**
   * The object name of each file read before, while the file is the same (its inode, size and time): a
   * publish changes a few files of the live build in place (decision 0045), and reading and hashing the
   * 30,000 others again at each publish would cost seconds at 10,000 listings.
   */
  const named: NameCache = new Map();

  return {
    upload: (dir: string, signal?: AbortSignal) => upload(store, named, dir, signal),
    /** The pointer as the bucket has it now, or null before the first publish. */
    pointer: store.readPointer,
    /**
     * Each path of a build and the key of its object, read as an edge rule does (index, then shards);
     * null when the bucket has no such build.
     */
    async files(build: string): Promise<Map<string, string> | null> {
      const index = await store.readIndex(build);
      if (!index) return null;
      const files = new Map<string, string>();
      await eachLimited(Object.values(index.shards), WIDTH, async (name) => {
        for (const [path, file] of Object.entries(await store.readShard(name)))
          files.set(path, store.objectKey(file));
      });
      return files;
    },

    async publish(dir: string, signal: AbortSignal): Promise<string> {
      let done: SiteUploadReport;
      try {
        done = await upload(store, named, dir, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(
          `L’envoi du site au bucket ${bucket} a échoué (${message(error)}) : le site en ligne est conservé`,
          { cause: error },
        );
      }
      const line = `bucket ${bucket} (${store.indexKey(done.build)}) : ${done.sent} fichiers envoyés, ${done.unchanged} inchangés`;
      return done.pruneError
        ? `${line} ; les anciennes versions restent dans le bucket (${done.pruneError}), la prochaine publication les supprimera`
        : line;
    },
  } satisfies SiteTarget & Record<string, unknown>;
}
