import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { RuntimeConfig } from '@chat/shared';
import { BEACON_PATH, type BeaconObserver, createBeaconEndpoint } from './beacon-endpoint';
import { createHealthMetrics, type HealthMetrics } from './health-metrics';
import { createKnownVersions, type KnownVersions } from './known-versions';
import { createMetricsEndpoint, METRICS_PATH } from './metrics-endpoint';

export interface ShellHealth {
  /** Answers /beacon and /metrics; false for any other path, which the static server serves as before. */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
  /** The in-process counters by app and version, for the canary's judge. */
  metrics: HealthMetrics;
  versions: KnownVersions;
  /** Hands every counted beacon to `observer` too (the canary's judge). */
  onBeacon(observer: BeaconObserver): void;
  stop(): void;
}

/**
 * The shell's server's health pieces: the remotes' versions read from the manifests its /config.json names
 * (and the shell's own from its build), the beacon the page sends, the series Prometheus scrapes.
 */
export function createShellHealth(
  config: RuntimeConfig,
  distDir: string,
  fetchManifest: typeof fetch = fetch,
  clientAddress?: (req: IncomingMessage) => string,
): ShellHealth {
  const metrics = createHealthMetrics();
  const versions = createKnownVersions(
    { shell: join(distDir, 'mf-manifest.json'), ...config.remotes },
    fetchManifest,
  );
  const observers: BeaconObserver[] = [];
  const beacon = createBeaconEndpoint(
    metrics,
    versions,
    (counted, request) => {
      for (const observer of observers) observer(counted, request);
    },
    clientAddress,
  );
  const scrape = createMetricsEndpoint(metrics.registry);
  const stop = versions.start();
  return {
    handle(req, res, pathname) {
      if (pathname === BEACON_PATH) void beacon.handle(req, res);
      else if (pathname === METRICS_PATH && req.method === 'GET') void scrape(req, res);
      else return false;
      return true;
    },
    metrics,
    versions,
    onBeacon: (observer) => observers.push(observer),
    stop,
  };
}
