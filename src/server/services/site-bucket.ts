import { CopyObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { deleteKeys, eachLimited, listKeys } from '../../media/s3.ts';
import { siteCacheControl } from '../plugins/site.ts';

/**
 * Where a publish puts the built site besides SITE_DIR (which this server keeps serving). The publisher
 * calls it after a build succeeded and before switching SITE_DIR; a failure fails the publish.
 */
export interface SiteTarget {
  /** Puts the build in `dir` online there; answers what it did, for the publish's audit line. */
  publish(dir: string, signal: AbortSignal): Promise<string>;
}

/** The pointer a CDN reads (decision 0030): which build is online, and the one it replaced. */
export interface SitePointer {
  build: string;
  /** The key prefix of the online build's files: `<prefix>/builds/<build>/`. */
  root: string;
  previous: string | null;
  publishedAt: string;
}

/** A build's list of files and their MD5, so the next publish uploads only what changed. */
interface BuildManifest {
  build: string;
  files: Record<string, string>;
}

export interface SiteUploadReport {
  build: string;
  uploaded: number;
  copied: number;
  removedBuilds: string[];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const contentType = (path: string) => TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/** Requests sent to the bucket at once. */
const WIDTH = 8;

/** Every file of the build, as `a/b.html` paths, without the .br/.gz copies made for this server. */
export async function buildFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
  const all = new Set(paths);
  // A CDN compresses on its own; these copies serve only this server's preCompressed option.
  return paths.filter((p) => !(/\.(br|gz)$/.test(p) && all.has(p.slice(0, -3)))).sort();
}

const unique = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;

/**
 * The public site in a bucket behind a CDN (SITE_STORE=s3, decision 0030). Each publish writes a complete,
 * never-changed copy under `<prefix>/builds/<build>/`: files whose MD5 the previous build already has are
 * copied inside the bucket (no bytes sent), the others uploaded. Then `<prefix>/current.json` is written,
 * one small object replaced whole, which is the switch: a reader sees the old pointer or the new one. The
 * build it replaces is kept (pages already open still find their assets; an operator can point back to it);
 * older builds are deleted.
 */
export function siteBucket(client: S3Client, bucket: string, prefix: string) {
  const pointerKey = `${prefix}/current.json`;
  const root = (build: string) => `${prefix}/builds/${build}/`;
  const manifestKey = (build: string) => `${prefix}/manifests/${build}.json`;

  async function getJson<T>(key: string): Promise<T | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return JSON.parse((await answer.Body?.transformToString()) ?? 'null') as T;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async function putJson(key: string, value: unknown, cacheControl: string): Promise<void> {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: JSON.stringify(value),
        ContentType: 'application/json',
        CacheControl: cacheControl,
      }),
    );
  }

  /** Deletes every build but `keep` (their files and manifests), answering which went. */
  async function removeOlder(keep: Set<string>): Promise<string[]> {
    const builds = `${prefix}/builds/`;
    const manifests = `${prefix}/manifests/`;
    const stale = [
      ...(await listKeys(client, bucket, builds)).map(
        (key) => [key, key.slice(builds.length).split('/')[0]!] as const,
      ),
      ...(await listKeys(client, bucket, manifests)).map(
        (key) => [key, key.slice(manifests.length, -'.json'.length)] as const,
      ),
    ].filter(([, build]) => !keep.has(build));
    await deleteKeys(
      client,
      bucket,
      stale.map(([key]) => key),
    );
    return [...new Set(stale.map(([, build]) => build))].sort();
  }

  /** Uploads the build in `dir`, switches the pointer to it, and removes builds older than the previous. */
  async function upload(dir: string, signal?: AbortSignal): Promise<SiteUploadReport> {
    const current = await getJson<SitePointer>(pointerKey);
    const before = current ? await getJson<BuildManifest>(manifestKey(current.build)) : null;
    const build = unique();
    const files: Record<string, string> = {};
    let uploaded = 0;
    let copied = 0;
    await eachLimited(await buildFiles(dir), WIDTH, async (path) => {
      signal?.throwIfAborted();
      const data = await readFile(join(dir, ...path.split('/')));
      const md5 = createHash('md5').update(data).digest('hex');
      files[path] = md5;
      const Key = `${root(build)}${path}`;
      if (current && before?.files[path] === md5) {
        // The same bytes are in the previous build: copied inside the bucket, nothing sent.
        const source = `${bucket}/${root(current.build)}${path}`.split('/').map(encodeURIComponent).join('/');
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key, CopySource: source, MetadataDirective: 'COPY' }),
        );
        copied++;
        return;
      }
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key,
          Body: data,
          ContentType: contentType(path),
          CacheControl: siteCacheControl(`/${path}`),
          ContentMD5: Buffer.from(md5, 'hex').toString('base64'),
        }),
      );
      uploaded++;
    });
    signal?.throwIfAborted();
    await putJson(manifestKey(build), { build, files } satisfies BuildManifest, 'no-cache');
    // The switch: one small object replaced whole, read by the CDN's edge rule (decision 0030).
    const pointer: SitePointer = {
      build,
      root: root(build),
      previous: current?.build ?? null,
      publishedAt: new Date().toISOString(),
    };
    await putJson(pointerKey, pointer, 'no-cache');
    const keep = new Set([build, ...(current ? [current.build] : [])]);
    return { build, uploaded, copied, removedBuilds: await removeOlder(keep) };
  }

  return {
    upload,
    /** The pointer as the bucket has it now, or null before the first publish. */
    pointer: () => getJson<SitePointer>(pointerKey),

    async publish(dir: string, signal: AbortSignal): Promise<string> {
      try {
        const done = await upload(dir, signal);
        return `bucket ${bucket} (${root(done.build)}) : ${done.uploaded} fichiers envoyés, ${done.copied} inchangés`;
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(
          `L’envoi du site au bucket ${bucket} a échoué (${(error as Error).message}) : le site en ligne est conservé`,
          { cause: error },
        );
      }
    },
  } satisfies SiteTarget & Record<string, unknown>;
}
