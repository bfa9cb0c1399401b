import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, relative } from 'node:path';
import type { ScaleLayout } from '../../../scripts/scale/layout';
import { nginxSpec } from '../../../scripts/scale/nginx';
import { type Service, startService } from '../../../scripts/scale/services';
import { installSoketi, soketiInstalled } from '../../../scripts/scale/soketi';
import {
  apiEnv,
  apiProcessSpec,
  dataDir,
  redisSpec,
  soketiSpec,
  type Topology,
} from '../../../scripts/scale/topology';
import type { ApiServer } from './api';
import { cacheDir, repoRoot } from './paths';
import type { Ports } from './ports';

/** The app id `scripts/scale` gives Soketi; signatures do not involve it, publishing does. */
const SOKETI_APP_ID = 'chat-app';

/**
 * Why the rows on Soketi cannot run here, or null. A full run installs Soketi into .scale/soketi if needed
 * (once, like `pnpm start:scale`); the smoke run never does, so `pnpm test` stays lean and quick.
 */
export function soketiUnavailable(smoke: boolean, log: (line: string) => void): string | null {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error)
    return 'redis-server is not installed (apt-get install redis-server)';
  if (soketiInstalled()) return null;
  if (smoke)
    return 'Soketi is not installed (`pnpm start:scale` or `tsx scripts/scale/soketi.ts` installs it)';
  installSoketi(log);
  return null;
}

/** A row saying what was not measured and why: no figures, so no target to miss. */
export const skippedRow = (figure: string, reason: string) => ({
  figure: `${figure}: skipped, ${reason}`,
  unit: '',
  n: 0,
  median: Number.NaN,
});

/** The bench's own ports for `scripts/scale`'s pieces; `secret` is the one every piece must share. */
export function benchTopology(ports: Ports, secret: string, databaseUrl = ''): Topology {
  const layout: ScaleLayout = {
    frontEnds: ports.federated,
    shellServer: ports.scale.nginx.shellServer,
    api: ports.scale.api,
    apiProcesses: [...ports.scale.apiProcesses],
    websocket: ports.websocket,
    soketiNodes: ports.scale.soketiNodes.map((node) => ({ ...node })),
    soketiDiscoveryPort: ports.scale.soketiDiscoveryPort,
    redis: ports.scale.redis,
    control: ports.scale.control,
    database: '',
    dataDir: relative(repoRoot, `${cacheDir}/scale`),
  };
  const appKey = randomBytes(32).toString('hex');
  return { layout, databaseUrl, secrets: { appKey, reverbSecret: secret } };
}

/** Services of one benchmark, stopped together, last started first. */
export class ScaleServices {
  readonly #services: Service[] = [];

  async start(...specs: Parameters<typeof startService>[0][]): Promise<Service[]> {
    const started = await Promise.all(specs.map((spec) => startService(spec, { quiet: true })));
    this.#services.push(...started);
    return started;
  }

  /** Redis and `nodes` Soketi nodes sharing it. */
  redisAndSoketi(topology: Topology, nodes: number): Promise<Service[]> {
    return this.start(redisSpec(topology)).then(() =>
      this.start(...Array.from({ length: nodes }, (_, index) => soketiSpec(topology, index))),
    );
  }

  async stop(): Promise<void> {
    for (const service of this.#services.splice(0).reverse()) await service.stop();
  }
}

/** How the bench's clients reach Soketi node `index`: its address, with the app id it publishes under. */
export function onSoketiNode(api: ApiServer, topology: Topology, index: number): ApiServer {
  const node = topology.layout.soketiNodes[index];
  if (!node) throw new Error(`No Soketi node ${index}`);
  return {
    ...api,
    websocket: { ...api.websocket, host: '127.0.0.1', port: node.port, appId: SOKETI_APP_ID },
  };
}

/**
 * `count` API processes of the scaled topology on `topology`'s database, publishing to Soketi (process i to
 * node i) and, with more than one, nginx in front of them, run as the bench runs its API: production
 * mode, test endpoints on, throttles lifted, logging at warn. The ApiServer is the public address. nginx's
 * configuration is the topology's (ops/nginx), its public ports other than the API's on `nginxPorts`.
 */
export async function startScaledApi(
  services: ScaleServices,
  topology: Topology,
  count: number,
  nginxPorts: Ports['scale']['nginx'],
) {
  const { layout } = topology;
  const ports = count === 1 ? [layout.api] : layout.apiProcesses.slice(0, count);
  const env = (port: number, index: number) => ({
    ...apiEnv(topology, port, index),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    APP_URL: `http://localhost:${layout.api}`,
    ENABLE_TEST_ENDPOINTS: 'true',
    SEED_DEMO_USERS: 'false',
    API_THROTTLE_PER_MINUTE: '100000000',
    LOGIN_MAX_ATTEMPTS: '100000',
    // One process alone is reached directly: nothing forwards to it.
    TRUST_PROXY: count === 1 ? 'false' : '1',
  });
  // One after the other: the first migrates the schema alone.
  const processes: Service[] = [];
  for (const [index, port] of ports.entries())
    processes.push(...(await services.start(apiProcessSpec(`api-${index}`, env(port, index)))));
  if (count > 1) {
    const nginxLayout = { ...layout, ...nginxPorts, apiProcesses: ports };
    await services.start(nginxSpec(nginxLayout, join(dataDir(topology), 'nginx')));
  }
  const origin = `http://localhost:${layout.api}`;
  const node = layout.soketiNodes[0];
  const server: ApiServer = {
    url: `${origin}/api/`,
    origin,
    websocket: {
      host: '127.0.0.1',
      port: node?.port ?? 0,
      key: 'chat-key',
      appId: SOKETI_APP_ID,
      secret: topology.secrets.reverbSecret,
    },
    pid: processes[0]?.pid ?? -1,
    stop: () => Promise.all(processes.map((service) => service.stop())).then(() => undefined),
  };
  return { server, ports };
}
