import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { startS3rver } from '../../scripts/lib/s3rver.ts';
import type { S3Settings } from '../../src/env.ts';
import { listKeys, s3Client } from '../../src/media/s3.ts';

export const MEDIA_BUCKET = 'ndako-media';
export const SITE_BUCKET = 'ndako-site';
export const RESTORE_BUCKET = 'ndako-restore';
/** s3rver's own keys; the SDK signs with them as it would for AWS. */
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, from npm, in a child process: scripts/lib/s3rver.ts) on a random
 * loopback port, storing in a temporary folder: the store and the site target talk to it through the AWS SDK
 * as they would to AWS, by endpoint and keys. `drain()` answers the requests it received and the objects
 * written or removed (`ObjectCreated:Put`, `ObjectCreated:Copy`, …) since the last call.
 */
export async function startS3() {
  const server = await startS3rver([MEDIA_BUCKET, SITE_BUCKET, RESTORE_BUCKET]);
  const env = {
    S3_ENDPOINT: server.endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    ...KEYS,
  };
  const settings: S3Settings = {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    accessKeyId: KEYS.S3_ACCESS_KEY_ID,
    secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY,
  };
  const client: S3Client = s3Client(settings);

  /** Every key of `bucket` under `prefix`, sorted. */
  const keys = async (bucket: string, prefix = '') => (await listKeys(client, bucket, prefix)).sort();

  return {
    env,
    /** What s3Client needs to reach this server: for a test's own client. */
    settings,
    client,
    drain: server.drain,
    keys,
    async bytes(bucket: string, key: string): Promise<Buffer> {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    head: (bucket: string, key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })),
    async stop() {
      client.destroy();
      await server.stop();
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3>>;
