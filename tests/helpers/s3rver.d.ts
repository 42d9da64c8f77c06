// s3rver ships no types: the part of its API the tests use (an S3-compatible server, a Koa application).
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
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: 'event', listener: (event: S3Event) => void): this;
  }
}
