// Where media and the built site are kept (the local disk or an S3-compatible bucket, decision 0030), and the
// upload limits: one group of the configuration src/env.ts reads.
import { z } from 'zod';
import { flag } from './server.ts';

export const StorageVars = z.object({
  MEDIA_MAX_IMAGE_MB: z.coerce.number().positive().max(200).default(15),
  MEDIA_MAX_VIDEO_MB: z.coerce.number().positive().max(2000).default(100),
  MEDIA_MAX_MEGAPIXELS: z.coerce.number().positive().max(1000).default(50),
  /**
   * Calls of POST /api/media/upload one staff account may make a minute: an agent sends a listing's twenty
   * photos from a phone in a minute, with room for the admin's retries after a dropped connection.
   */
  MEDIA_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().max(100_000).default(60),

  /**
   * Where uploads and their variants are kept: `local` (DATA_DIR/media, served by this server at /media/)
   * or `s3` (a bucket of any S3-compatible storage, decision 0030). S3_* say how to reach the bucket.
   */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  /**
   * The address put before every media path in API answers and the built site (spec §3: "url relative to
   * server root; prefixed with a configured base address"): `/media/x.webp` is served as
   * `${MEDIA_PUBLIC_BASE}/media/x.webp`. Required with MEDIA_STORE=s3 (the bucket or its CDN).
   */
  MEDIA_PUBLIC_BASE: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (!value) return undefined;
      // https and a dotted host: the only absolute media addresses the contract and the pages accept.
      if (!/^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'MEDIA_PUBLIC_BASE must be an https:// address (the bucket’s or its CDN’s), e.g. https://media.ndako.cd',
        });
        return z.NEVER;
      }
      return value.replace(/\/+$/, '');
    })
    .optional(),
  /** The S3 API's address; empty for AWS itself (then S3_REGION picks it). */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** The bucket of the media (keys media/<name>); the site's too unless SITE_S3_BUCKET says otherwise. */
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** Bucket in the path (https://host/bucket/key) rather than the host name: MinIO and most self-hosted stores. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * Where a publish puts the built site: `folder` (SITE_DIR, served by this server) or `s3` as well (a bucket
   * behind a CDN: objects named by their content, an index per build, a pointer written last, decision 0030).
   */
  SITE_STORE: z.enum(['folder', 's3']).default('folder'),
  SITE_S3_BUCKET: z.string().trim().optional(),
  /** The folder of the bucket the site's builds and its pointer (current.json) go under. */
  SITE_S3_PREFIX: z
    .string()
    .trim()
    .regex(/^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, {
      error: 'SITE_S3_PREFIX: folders of letters, digits, . _ - separated by /',
    })
    .default('site'),
});
type StorageEnv = z.infer<typeof StorageVars>;

/** What MEDIA_STORE=s3 or SITE_STORE=s3 lacks to reach its bucket. */
export function s3Problems(e: StorageEnv): string[] {
  const problems: string[] = [];
  const needs = (name: keyof StorageEnv, why: string) => {
    if (!e[name]) problems.push(`${name}: required ${why}`);
  };
  if (e.MEDIA_STORE === 's3') {
    needs('S3_BUCKET', 'with MEDIA_STORE=s3');
    needs('MEDIA_PUBLIC_BASE', 'with MEDIA_STORE=s3 (the address browsers load the media from)');
  }
  if (e.SITE_STORE === 's3' && !e.SITE_S3_BUCKET && !e.S3_BUCKET) {
    problems.push('SITE_S3_BUCKET (or S3_BUCKET): required with SITE_STORE=s3');
  }
  if (e.MEDIA_STORE === 's3' || e.SITE_STORE === 's3') {
    // Given here, never looked for by the SDK in the environment or on the machine.
    needs('S3_ACCESS_KEY_ID', 'with MEDIA_STORE=s3 or SITE_STORE=s3');
    needs('S3_SECRET_ACCESS_KEY', 'with MEDIA_STORE=s3 or SITE_STORE=s3');
  }
  return problems;
}

/** How to reach the S3-compatible storage: everything the SDK needs, given explicitly. */
export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export const s3Settings = (e: StorageEnv): S3Settings => ({
  endpoint: e.S3_ENDPOINT,
  region: e.S3_REGION,
  accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
  forcePathStyle: e.S3_FORCE_PATH_STYLE,
});
