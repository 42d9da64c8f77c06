import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { listKeys, s3Client } from '../../src/media/s3.ts';

export const MEDIA_BUCKET = 'ndako-media';
export const SITE_BUCKET = 'ndako-site';
export const RESTORE_BUCKET = 'ndako-restore';
/** s3rver's own keys; the SDK signs with them as it would for AWS. */
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, from npm) on a random loopback port, storing in a temporary folder:
 * the store and the site target talk to it through the AWS SDK as they would to AWS, by endpoint and keys.
 * `events` records every object written or removed (`ObjectCreated:Put`, `ObjectCreated:Copy`, …).
 */
export async function startS3() {
  const directory = await mkdtemp(join(tmpdir(), 'ndako-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: MEDIA_BUCKET }, { name: SITE_BUCKET }, { name: RESTORE_BUCKET }],
  });
  const { port } = await server.run();
  const events: { name: string; bucket: string; key: string }[] = [];
  server.on('event', (event) => {
    for (const r of event.Records)
      events.push({ name: r.eventName, bucket: r.s3.bucket.name, key: decodeURIComponent(r.s3.object.key) });
  });
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    ...KEYS,
  };
  const client: S3Client = s3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    accessKeyId: KEYS.S3_ACCESS_KEY_ID,
    secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY,
  });

  /** Every key of `bucket` under `prefix`, sorted. */
  const keys = async (bucket: string, prefix = '') => (await listKeys(client, bucket, prefix)).sort();

  return {
    port,
    env,
    client,
    events,
    keys,
    async bytes(bucket: string, key: string): Promise<Buffer> {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    head: (bucket: string, key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })),
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3>>;
