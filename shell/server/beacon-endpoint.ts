import type { IncomingMessage, ServerResponse } from 'node:http';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Compile } from 'typebox/compile';
import { type ReportedApp, reportedApps } from '../src/health/beacon-fields';
import { type Beacon, BeaconSchema } from '../src/health/beacon-schema';

export { BEACON_PATH } from '../src/health/beacon-fields';

import type { HealthMetrics, HealthRecord } from './health-metrics';
import type { KnownVersions } from './known-versions';
import { readBoundedBody } from './read-bounded-body';

/** A beacon holds at most a few dozen short entries: 8 KiB is several times a real one. */
export const MAX_BEACON_BYTES = 8 * 1024;
/** Per client address: a tab sends one every few seconds, so this leaves room for a household's tabs. */
export const BEACONS_PER_MINUTE = 60;

const checkBeacon = Compile(BeaconSchema);
const isReportedApp = (app: string): app is ReportedApp => (reportedApps as readonly string[]).includes(app);

export interface BeaconRequest {
  method: string | undefined;
  /** The client's address, the rate limit's key. */
  address: string;
  contentType: string | undefined;
  body: string;
  /** The Cookie header: the canary's judge counts only beacons whose signed cookie names their arm. */
  cookie?: string;
}

/** Told of every beacon counted, with the request it came in (the canary's judge). */
export type BeaconObserver = (beacon: Beacon, request: BeaconRequest) => void;

/**
 * Unknown apps are dropped entry by entry, unknown versions become `other`: the labels come only from the
 * fixed sets and the manifests the server read, whatever a beacon says.
 */
function toRecord(beacon: Beacon, versions: KnownVersions): HealthRecord {
  const known = <T extends { app: string; version: string }>(entries: T[]) =>
    entries.flatMap((entry) =>
      isReportedApp(entry.app)
        ? [{ ...entry, app: entry.app, version: versions.label(entry.app, entry.version) }]
        : [],
    );
  return {
    session: beacon.session,
    loads: known(beacon.loads),
    errors: known(beacon.errors),
    vitals: known(beacon.vitals),
  };
}

/**
 * `POST /beacon` on the shell's own origin: unauthenticated input from anyone, so every answer to a hostile
 * body is a 4xx (400 not a beacon, 405, 413 too large, 415 not JSON or text, 429 too many) and nothing it
 * sends becomes a label by itself. 204 when counted.
 */
export function createBeaconEndpoint(
  metrics: HealthMetrics,
  versions: KnownVersions,
  observe: BeaconObserver = () => {},
  clientAddress: (req: IncomingMessage) => string = (req) => req.socket.remoteAddress ?? 'unknown',
) {
  const limiter = new RateLimiterMemory({ points: BEACONS_PER_MINUTE, duration: 60 });

  async function receive(request: BeaconRequest): Promise<number> {
    const { method, address, contentType, body } = request;
    if (method !== 'POST') return 405;
    try {
      await limiter.consume(address);
    } catch {
      metrics.beacon('rate_limited');
      return 429;
    }
    // sendBeacon sends a string as text/plain; a Blob may say application/json (same origin: no preflight).
    const type = contentType?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'text/plain' && type !== 'application/json') {
      metrics.beacon('unsupported');
      return 415;
    }
    if (Buffer.byteLength(body) > MAX_BEACON_BYTES) {
      metrics.beacon('too_large');
      return 413;
    }
    let beacon: unknown;
    try {
      beacon = JSON.parse(body);
    } catch {
      metrics.beacon('invalid');
      return 400;
    }
    if (!checkBeacon.Check(beacon)) {
      metrics.beacon('invalid');
      return 400;
    }
    metrics.record(toRecord(beacon, versions));
    metrics.beacon('accepted');
    observe(beacon, request);
    return 204;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let status = 413;
    try {
      const body = req.method === 'POST' ? await readBoundedBody(req, MAX_BEACON_BYTES) : '';
      if (body === null) metrics.beacon('too_large');
      else
        status = await receive({
          method: req.method,
          address: clientAddress(req),
          contentType: req.headers['content-type'],
          body,
          cookie: req.headers.cookie,
        });
    } catch (error) {
      // Whatever went wrong, it was this request's doing as far as the sender is concerned: never a 5xx.
      console.error('[beacon]', error);
      status = 400;
    }
    // A refused body may be unread: close the connection rather than drain it.
    res.writeHead(status, { 'Cache-Control': 'no-store', ...(status === 413 && { Connection: 'close' }) });
    res.end();
  }

  return { receive, handle };
}
