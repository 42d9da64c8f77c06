// autocannon, with the little of its API and results the bench uses declared here.
import { createRequire } from 'node:module';

interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
export interface CannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}
export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest) => CannonRequest;
}
export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  timeout?: number;
  requests?: CannonRequest[];
}

const autocannon = createRequire(import.meta.url)('autocannon') as (
  o: CannonOptions,
  done: (error: Error | null, result: CannonResult) => void,
) => unknown;

export function cannon(options: CannonOptions): Promise<CannonResult> {
  return new Promise((resolve, reject) =>
    autocannon({ pipelining: 1, timeout: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/** Status codes and their counts, e.g. "200 × 1234, 429 × 3". */
export const statusSummary = (r: CannonResult) =>
  Object.entries(r.statusCodeStats)
    .map(([code, { count }]) => `${code} × ${count}`)
    .join(', ');
