import autocannon from 'autocannon';
import { type Summary, summarize } from './stats';

export interface LoadResult {
  requests: number;
  /** Completed 2xx requests per second over the run. */
  throughput: number;
  /** Every request's response time, in ms. */
  latency: Summary;
  failures: number;
}

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  token: string;
  body?: () => string;
  connections: number;
  /** Seconds, or a fixed request count… */
  duration?: number;
  amount?: number;
  /** …reached within at most this many seconds (the run stops there and says how far it got). */
  maxSeconds?: number;
}

/** autocannon against the API on loopback; per-request latencies are kept for exact percentiles. */
export function load(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
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
        ...(options.body
          ? { requests: [{ setupRequest: (request) => ({ ...request, body: options.body?.() }) }] }
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
      if (statusCode >= 300) failures++;
    });
  });
}
