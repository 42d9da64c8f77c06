import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { siteCacheControl } from './site-plugin.ts';

// The site's layout in its bucket (decision 0030), as pure functions: what the publisher writes
// (site-bucket.ts) and what a CDN's edge rule reads to serve a path.
//
//   <prefix>/current.json           the pointer: { build, previous, publishedAt }, replaced at each publish
//   <prefix>/builds/<build>.json    a build's index: its file count and the names of its shards
//   <prefix>/objects/<name>         every file's bytes, and every shard, named by what they hold
//
// A shard maps the paths whose SHA-256 starts with its hexadecimal prefix to their objects' names.

/** The pointer a CDN reads: which build is online, and the one it replaced (kept, whole). */
export interface SitePointer {
  build: string;
  previous: string | null;
  publishedAt: string;
}

/** A build: `shards[p]` names the shard of the paths whose SHA-256 begins with `p` (`digits` characters). */
export interface BuildIndex {
  build: string;
  files: number;
  digits: number;
  shards: Record<string, string>;
}

/** A shard: paths (`a/b.html`, as in the build folder) and the names of the objects holding them. */
export type Shard = Record<string, string>;

/**
 * Build files the bucket never holds: the admin's pages (decision 0050). They stay on the API's origin,
 * which serves them from SITE_DIR with their Content-Security-Policy; a bucket stores no such header, and an
 * admin page served without its policy would let an injected script read the staff's session. Left out of
 * the bucket, an edge rule that does not route /admin to the API answers a 404, never an unprotected admin.
 */
export const onApiOriginOnly = (path: string) => path === 'admin' || path.startsWith('admin/');

/** An object to put under `<prefix>/objects/`, with the headers the CDN passes on. */
export interface SiteObject {
  name: string;
  body: Buffer;
  contentType: string;
  cacheControl: string;
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

/** Objects never change once named: the shards and indexes of builds are cached for good. */
const FOREVER = 'public, max-age=31536000, immutable';
/** At most this many paths a shard, so that an edge rule fetches a small one (about 80 KB at the most). */
const SHARD_PATHS = 1000;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The object of a file: named by its bytes and the headers its path gives it (128 bits of SHA-256), so the
 * same name always means the same answer, and a file is uploaded again when only its headers changed.
 */
export function fileObject(path: string, body: Buffer, assets: string): SiteObject {
  const type = contentType(path);
  const cacheControl = siteCacheControl(`/${path}`, assets);
  const name = createHash('sha256').update(`${type}\n${cacheControl}\n`).update(body).digest('hex');
  return { name: name.slice(0, 32), body, contentType: type, cacheControl };
}

/** How many hexadecimal digits of a path's SHA-256 pick its shard: 16 times more shards each. */
export const shardDigits = (files: number) => {
  let digits = 0;
  while (files > SHARD_PATHS * 16 ** digits) digits++;
  return digits;
};

/** The shard prefix of `path`: the edge rule computes the same, from the URL's path. */
export const shardOf = (path: string, digits: number) => sha256(path).slice(0, digits);

/** In code-unit order, as S3 lists keys, whatever the machine's locale. */
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** A build's shards (as objects, named like the files) and its index. */
export function buildIndex(build: string, files: ReadonlyMap<string, string>) {
  const digits = shardDigits(files.size);
  const groups = new Map<string, [string, string][]>();
  for (const [path, name] of files) {
    const prefix = shardOf(path, digits);
    const group = groups.get(prefix) ?? [];
    group.push([path, name]);
    groups.set(prefix, group);
  }
  const shards: SiteObject[] = [];
  const names: Record<string, string> = {};
  for (const [prefix, entries] of [...groups].sort(byKey)) {
    // Sorted, so that the same paths and names give the same bytes, hence the same shard object.
    const body = Buffer.from(JSON.stringify(Object.fromEntries(entries.sort(byKey))));
    const name = sha256(body).slice(0, 32);
    shards.push({ name, body, contentType: 'application/json', cacheControl: FOREVER });
    names[prefix] = name;
  }
  const index: BuildIndex = { build, files: files.size, digits, shards: names };
  return { index, shards };
}

/** The index's cache: a build never changes. The pointer's: `no-cache`, it is the switch. */
export const INDEX_CACHE = FOREVER;

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** An index read back from the bucket, or null when it is not one (a layout of an older version). */
export function asBuildIndex(value: unknown): BuildIndex | null {
  const v = value as Partial<BuildIndex> | null;
  return typeof v?.build === 'string' &&
    typeof v.files === 'number' &&
    typeof v.digits === 'number' &&
    isRecordOfStrings(v.shards)
    ? (v as BuildIndex)
    : null;
}

/** A shard read back from the bucket; anything else is a damaged bucket, an error. */
export function asShard(value: unknown, name: string): Shard {
  if (!isRecordOfStrings(value))
    throw new Error(`the shard ${name} of the site in the bucket is not a shard`);
  return value;
}
