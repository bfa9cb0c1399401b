import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

const isLoopbackAddress = (address: string) => address === '::1' || /^(::ffff:)?127\./.test(address);

/**
 * Only a client on this machine reads the series (as the API's /metrics: api/src/metrics/metrics-access.ts):
 * the socket's peer and every X-Forwarded-For entry must be loopback, since a balancer on this machine
 * forwards the whole internet from loopback.
 */
export function isFromThisMachine(req: IncomingMessage): boolean {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return [req.socket.remoteAddress ?? '', ...forwarded].every(isLoopbackAddress);
}

/** `GET /metrics`: Prometheus's text format to loopback, 403 to anyone else. */
export function createMetricsEndpoint(registry: Registry) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isFromThisMachine(req)) {
      res.writeHead(403, { 'Content-Type': 'text/plain' });
      res.end('Metrics are served to this machine only.');
      return;
    }
    res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    res.end(await registry.metrics());
  };
}
