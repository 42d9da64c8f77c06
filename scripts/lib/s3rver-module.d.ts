// s3rver ships no types: the part of its API scripts/lib/s3rver-child.ts uses (an S3-compatible server, a
// Koa application).
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  interface S3Event {
    Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
  }
  /** Koa's request context, as far as the request log and the multipart extras use it. */
  interface Context {
    method: string;
    path: string;
    querystring: string;
    query: Record<string, string | undefined>;
    status: number;
    type: string;
    body: unknown;
    get(header: string): string;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware, composed by run(): a function put first sees every request. */
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void>)[];
    /** Where it keeps things: an object's `resource` (`uploads`: the multipart uploads of a bucket). */
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: 'event', listener: (event: S3Event) => void): this;
  }
}
