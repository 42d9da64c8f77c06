import { s3Settings, type Env } from '../../env.ts';
import type { SiteTarget } from './site-bucket.ts';

/**
 * The target SITE_STORE names besides SITE_DIR: the bucket, or none. The bucket's code and its AWS SDK are
 * loaded at the first publish, not when the server starts: importing the SDK takes about 180 ms, which a
 * server with SITE_STORE=local would pay for nothing.
 */
export function siteTarget(e: Env): SiteTarget | undefined {
  if (e.SITE_STORE !== 's3') return undefined;
  let bucket: Promise<SiteTarget> | undefined;
  const loaded = () =>
    (bucket ??= Promise.all([import('./site-bucket.ts'), import('../../media/s3.ts')]).then(
      ([{ siteBucket }, { s3Client }]) =>
        siteBucket(s3Client(s3Settings(e)), (e.SITE_S3_BUCKET || e.S3_BUCKET)!, e.SITE_S3_PREFIX),
    ));
  return { publish: async (dir, signal) => (await loaded()).publish(dir, signal) };
}
