/**
 * What the build writes into the worker (src/build/service-worker.ts): its settings are known only when a
 * publish has digested its pages, so they reach the compiled worker in place of its one settings expression.
 */
export interface WorkerConfig {
  /** The build's identity: a new one is a new worker, which deletes the caches of the builds before it. */
  build: string;
  /** The other languages' address prefixes ('en/', 'ln/'); French has none. */
  prefixes: string[];
  /** The folder of the build's fingerprinted scripts and styles, from the site manifest (decision 0024). */
  assets: string;
  maxEntries: number;
  maxBytes: number;
}
