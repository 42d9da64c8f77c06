// The S3-compatible server of the tests and the bench (s3rver, from npm), in a process of its own started by
// scripts/lib/s3rver.ts with `--openssl-legacy-provider`: s3rver ciphers a listing's continuation token with
// DES, which OpenSSL 3 (Node 17 and later) refuses without that provider (ERR_OSSL_EVP_UNSUPPORTED), so a
// listing past 1,000 keys fails in any process started without it.
// Usage (through IPC only): node --openssl-legacy-provider scripts/lib/s3rver-child.ts <directory> <bucket>…
import S3rver from 's3rver';
import { multipartExtras } from './s3rver-multipart.ts';

const [directory, ...buckets] = process.argv.slice(2);
if (!directory || !process.send) throw new Error('usage: started by scripts/lib/s3rver.ts, with IPC');
const send = process.send.bind(process);

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
// First in Koa's chain, so every request is told to the parent before it is answered: when a client has its
// answer, the parent has (or will have, in order) the line, and a ping after it flushes the channel.
server.middleware.unshift(async (ctx, next) => {
  const copy = ctx.get('x-amz-copy-source') !== '';
  send({ type: 'request', method: ctx.method, path: ctx.path, query: ctx.querystring, copy });
  await next();
});
// Second: ListParts and AbortMultipartUpload, which s3rver lacks (the resumable uploads' store uses them).
server.middleware.splice(
  1,
  0,
  multipartExtras((bucket) => server.store.getResourcePath(bucket, undefined, 'uploads')),
);
server.on('event', (event) => {
  for (const r of event.Records) {
    const key = decodeURIComponent(r.s3.object.key);
    send({ type: 'event', name: r.eventName, bucket: r.s3.bucket.name, key });
  }
});
const { port } = await server.run();

process.on('message', (message: { type: string }) => {
  if (message.type === 'ping') send({ type: 'pong' });
  if (message.type === 'stop') void server.close().then(() => process.exit(0));
});
// The parent gone (a test run killed), this server has no one to serve.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready', port });
