// Starts s3rver (an S3-compatible server from npm) for the tests and the bench: in a child process run with
// `--openssl-legacy-provider` (see s3rver-child.ts: without it, listings past 1,000 keys fail on Node 17+),
// on a random loopback port, storing in a temporary folder (in memory where there is one) removed by stop().
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { hasEnded } from './child-process.ts';
import { memoryTmpdir } from './memory-tmpdir.ts';

/** A request as s3rver received it; `copy` when it names a source object (CopyObject). */
export interface S3Request {
  method: string;
  path: string;
  query: string;
  copy: boolean;
}

/** An object written or removed (`ObjectCreated:Put`, `ObjectCreated:Copy`, `ObjectRemoved:Delete`). */
export interface S3ObjectEvent {
  name: string;
  bucket: string;
  key: string;
}

type Message =
  | ({ type: 'request' } & S3Request)
  | ({ type: 'event' } & S3ObjectEvent)
  | { type: 'ready'; port: number }
  | { type: 'pong' };

const CHILD = new URL('./s3rver-child.ts', import.meta.url).pathname;

export async function startS3rver(buckets: readonly string[]) {
  // s3rver writes three or four files an object, and reads as many back.
  const directory = await mkdtemp(join(memoryTmpdir(), 'ndako-s3-'));
  const child = fork(CHILD, [directory, ...buckets], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let requests: S3Request[] = [];
  let events: S3ObjectEvent[] = [];
  const pongs: (() => void)[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: Message) => {
      if (m.type === 'ready') resolve(m.port);
      else if (m.type === 'request')
        requests.push({ method: m.method, path: m.path, query: m.query, copy: m.copy });
      else if (m.type === 'event') events.push({ name: m.name, bucket: m.bucket, key: m.key });
      else pongs.shift()?.();
    });
    void exited.then(() => reject(new Error(`s3rver ended before it listened: ${stderr}`)));
  });

  return {
    /** http://127.0.0.1:<port> */
    endpoint: `http://127.0.0.1:${port}`,
    /**
     * What s3rver received and did since the last call, in order. A round trip on the channel first: s3rver
     * tells each request before answering it, so everything a client was answered is in.
     */
    async drain(): Promise<{ requests: S3Request[]; events: S3ObjectEvent[] }> {
      if (hasEnded(child)) throw new Error(`s3rver has ended: ${stderr}`);
      await new Promise<void>((resolve, reject) => {
        pongs.push(resolve);
        child.send({ type: 'ping' });
        void exited.then(() => reject(new Error(`s3rver ended: ${stderr}`)));
      });
      const drained = { requests, events };
      [requests, events] = [[], []];
      return drained;
    },
    async stop() {
      if (!hasEnded(child)) {
        child.send({ type: 'stop' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3rverProcess = Awaited<ReturnType<typeof startS3rver>>;
