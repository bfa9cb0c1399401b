import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceSpec } from './services';
import { dataDir, type Topology } from './topology';

/** Debian's package (`apt-get install prometheus`; scripts/scale/prepare-host.sh installs it). */
const PROMETHEUS_BINARY = '/usr/bin/prometheus';

/** The repository's alerting rules, loaded as they are (CI checks them with promtool). */
const ALERTING_RULES = [fileURLToPath(new URL('../../ops/prometheus/frontend-alerts.yml', import.meta.url))];

/** Where the topology's Prometheus keeps its generated configuration and its database. */
export const prometheusFiles = (topology: Topology) => ({
  config: join(dataDir(topology), 'prometheus.yml'),
  storage: join(dataDir(topology), 'prometheus'),
});

const target = (port: number, service: string) => ({
  targets: [`127.0.0.1:${port}`],
  labels: { service },
});

/**
 * Three jobs: `chat-api`, each API process's own `GET /metrics` (from loopback, which it admits without a
 * token; with METRICS_TOKEN set for the processes, Prometheus sends it), `soketi`, each node's metrics
 * server, and `shell`, the shell's static server's `GET /metrics` (loopback only): the remotes' health as the
 * browsers' beacons reported it (shell/server/, alerting rules in ops/prometheus/).
 * Every target carries `service` = the supervisor's name for it (api-a, soketi-b, …). Written as JSON, which
 * is YAML too.
 */
export function prometheusConfig(topology: Topology, scrapeIntervalSeconds: number): object {
  const { layout } = topology;
  const interval = `${scrapeIntervalSeconds}s`;
  const token = process.env.METRICS_TOKEN;
  return {
    global: { scrape_interval: interval, scrape_timeout: interval, evaluation_interval: interval },
    rule_files: ALERTING_RULES,
    scrape_configs: [
      {
        job_name: 'chat-api',
        metrics_path: '/metrics',
        ...(token ? { authorization: { type: 'Bearer', credentials: token } } : {}),
        static_configs: layout.apiProcesses.map((port, index) => target(port, `api-${'ab'[index] ?? index}`)),
      },
      {
        job_name: 'soketi',
        metrics_path: '/metrics',
        static_configs: layout.soketiNodes.map((node, index) =>
          target(node.metricsPort, `soketi-${'ab'[index] ?? index}`),
        ),
      },
      {
        job_name: 'shell',
        metrics_path: '/metrics',
        static_configs: [target(layout.frontEnds.shell, 'shell')],
      },
    ],
  };
}

/** The topology's Prometheus on loopback at the layout's port, its configuration rewritten at each start. */
export function prometheusSpec(topology: Topology): ServiceSpec {
  const settings = topology.layout.prometheus;
  if (!settings) throw new Error('The layout has no Prometheus');
  const files = prometheusFiles(topology);
  mkdirSync(files.storage, { recursive: true });
  writeFileSync(
    files.config,
    `${JSON.stringify(prometheusConfig(topology, settings.scrapeIntervalSeconds), null, 2)}\n`,
  );
  const address = `127.0.0.1:${settings.port}`;
  return {
    name: 'prometheus',
    command: PROMETHEUS_BINARY,
    args: [
      `--config.file=${files.config}`,
      `--storage.tsdb.path=${files.storage}`,
      `--web.listen-address=${address}`,
      // A development topology's history: a week is plenty, and keeps .scale/ small.
      '--storage.tsdb.retention.time=7d',
      '--log.level=warn',
    ],
    // 503 until its database is open and it serves queries.
    ready: () =>
      fetch(`http://${address}/-/ready`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      ),
  };
}
