// autocannon (devDependency, no type declarations of its own): the part of its programmatic API the benches use.
import { createRequire } from 'node:module';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** called before each send; returns the request to send */
  setupRequest?: (req: LoadRequest, context: Record<string, unknown>) => LoadRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** seconds */
  duration: number;
  /** seconds before a request counts as timed out */
  timeout?: number;
  requests?: LoadRequest[];
}

interface Histogram { average: number; p50: number; p90: number; p99: number; max: number; total: number }

export interface LoadResult {
  /** seconds the run took */
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: Histogram;
  /** milliseconds */
  latency: Histogram;
}

const autocannon = createRequire(import.meta.url)('autocannon') as (opts: LoadOptions, done: (err: Error | null, result: LoadResult) => void) => unknown;

export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}
