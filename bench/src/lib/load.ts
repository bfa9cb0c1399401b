import autocannon from 'autocannon';
import type { Row } from './report';
import { type Summary, summarize } from './stats';

export interface LoadResult {
  /** Answered requests, whatever their status. */
  requests: number;
  /** 2xx answers per second over the run: only these count as work done. */
  throughput: number;
  /** Every answered request's response time, in ms. */
  latency: Summary;
  /** Answers that were not 2xx (a 429 from the throttle, a 5xx…), by status. */
  non2xx: Record<string, number>;
  /** Non-2xx answers plus connection errors and timeouts: anything but a 2xx. */
  failures: number;
}

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  token: string;
  body?: () => string;
  /** A path (and query) per request instead of the URL's own, e.g. a different search each time. */
  path?: () => string;
  connections: number;
  /** Seconds, or a fixed request count… */
  duration?: number;
  amount?: number;
  /** …reached within at most this many seconds (the run stops there and says how far it got). */
  maxSeconds?: number;
  /** Every response time is also appended here: several loads run side by side, summarised as one. */
  latencies?: number[];
}

/** autocannon against the API on loopback; per-request latencies are kept for exact percentiles. */
export function load(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const non2xx: Record<string, number> = {};
  let failures = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.body || options.path
          ? {
              requests: [
                {
                  setupRequest: (request) => ({
                    ...request,
                    ...(options.body ? { body: options.body() } : {}),
                    ...(options.path ? { path: options.path() } : {}),
                  }),
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const ok = latencies.length - failures;
        resolve({
          requests: latencies.length,
          throughput: ok / (result.duration || 1),
          latency: summarize(latencies),
          non2xx,
          failures: failures + result.errors + result.timeouts,
        });
      },
    );
    if (options.maxSeconds) {
      const timer = setTimeout(() => instance.stop(), options.maxSeconds * 1000);
      instance.on('done', () => clearTimeout(timer));
    }
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      options.latencies?.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) {
        failures++;
        non2xx[statusCode] = (non2xx[statusCode] ?? 0) + 1;
      }
    });
  });
}

/** A run's latency as a table row (ms: median, p95, p99 of every answered request); the caller adds its target. */
export function latencyRow(figure: string, run: Pick<LoadResult, 'requests' | 'latency'>): Row {
  return {
    figure,
    unit: 'ms',
    n: run.requests,
    median: run.latency.median,
    p95: run.latency.p95,
    p99: run.latency.p99,
  };
}
