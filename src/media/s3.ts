import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../env.ts';

/**
 * A client of any S3-compatible storage, configured from S3_* alone: the SDK is given its endpoint, region
 * and keys, so it reads no AWS_* variable, profile or instance metadata of the machine it runs on.
 */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client(s3ClientConfig(settings));
}

/** The same configuration for a client made elsewhere (the partial uploads' store builds its own). */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer trailing ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  };
}

/**
 * Runs `task` on every item, `width` at a time (a bucket answers each object in its own request). After a
 * failure no item is started any more, and the first error is thrown once the tasks already running have
 * ended: when this answers, nothing of it still reads files or writes objects.
 */
export async function eachLimited<T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await task(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const ended = await Promise.allSettled(Array.from({ length: Math.min(width, items.length) }, worker));
  const first = ended.find((e) => e.status === 'rejected');
  if (first) throw first.reason;
}

/** Every key of `bucket` under `prefix`, a thousand a request. */
export async function listKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Deletes these keys (at most 1,000 a request); a key already gone is no error, any other refusal throws. */
export async function deleteKeys(client: S3Client, bucket: string, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const answer = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const first = answer.Errors?.[0];
    if (first) throw new Error(`${first.Key}: ${first.Code ?? ''} ${first.Message ?? ''}`.trim());
  }
}
