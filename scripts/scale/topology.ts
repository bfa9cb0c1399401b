import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REVERB_APP_KEY } from '@chat/shared/config-from-env';
import { apps } from '../apps';
import { localOrigin, type ScaleLayout } from './layout';
import { type ScaleSecrets, scaleSecrets } from './secrets';
import { answers, redisAnswers, type ServiceSpec } from './services';
import { soketiBin, soketiDir } from './soketi';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const nodeBinary = process.execPath;
const REVERB_APP_ID = 'chat-app';

/** What every piece of one topology shares. */
export interface Topology {
  layout: ScaleLayout;
  secrets: ScaleSecrets;
  databaseUrl: string;
}

const redisUrl = ({ layout }: Topology) => `redis://127.0.0.1:${layout.redis}`;
export const dataDir = ({ layout }: Topology) => join(repoRoot, layout.dataDir);
const descriptionFile = (layoutDataDir: string) => join(repoRoot, layoutDataDir, 'topology.json');

/** Written once the topology serves, so tests can start more processes on the same database and Redis. */
export function describeTopology({ layout, databaseUrl }: Topology): void {
  writeFileSync(descriptionFile(layout.dataDir), `${JSON.stringify({ layout, databaseUrl }, null, 2)}\n`);
}

/** The running topology whose data folder is `layoutDataDir`. */
export function runningTopology(layoutDataDir: string): Topology {
  const { layout, databaseUrl } = JSON.parse(readFileSync(descriptionFile(layoutDataDir), 'utf8')) as Omit<
    Topology,
    'secrets'
  >;
  return { layout, databaseUrl, secrets: scaleSecrets(join(repoRoot, layout.dataDir)) };
}

/** The topology's own Redis, in memory only: throttle counters and Soketi's channel traffic. */
export function redisSpec(topology: Topology): ServiceSpec {
  const dir = join(dataDir(topology), 'redis');
  mkdirSync(dir, { recursive: true });
  const port = topology.layout.redis;
  return {
    name: 'redis',
    command: 'redis-server',
    args: ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    ready: redisAnswers(port),
  };
}

/**
 * One Soketi node (`index` into the layout's nodes). The Redis adapter relays every event a node receives
 * to the others, so an event published to any node reaches subscribers on all of them. Discovery (which
 * Soketi starts whatever the adapter) is kept on loopback.
 */
/** The services' names: `api-a`, `api-b`, `soketi-a`… */
export const apiName = (index: number) => `api-${'ab'[index] ?? index}`;
export const soketiName = (index: number) => `soketi-${'ab'[index] ?? index}`;

export function soketiSpec(topology: Topology, index: number): ServiceSpec {
  const { layout, secrets } = topology;
  const node = layout.soketiNodes[index];
  if (!node) throw new Error(`No Soketi node ${index} in the layout`);
  return {
    name: soketiName(index),
    command: process.execPath,
    args: [soketiBin, 'start'],
    // Its cwd is its own folder: Soketi reads a .env from the working directory.
    cwd: soketiDir,
    env: {
      SOKETI_HOST: '127.0.0.1',
      SOKETI_PORT: String(node.port),
      SOKETI_METRICS_HOST: '127.0.0.1',
      SOKETI_METRICS_SERVER_PORT: String(node.metricsPort),
      // Its metrics server then also answers /metrics, in Prometheus's format (names prefixed soketi_).
      SOKETI_METRICS_ENABLED: '1',
      SOKETI_METRICS_DRIVER: 'prometheus',
      SOKETI_DEFAULT_APP_ID: REVERB_APP_ID,
      SOKETI_DEFAULT_APP_KEY: DEFAULT_REVERB_APP_KEY,
      SOKETI_DEFAULT_APP_SECRET: secrets.reverbSecret,
      // As the embedded server: members whisper (typing) on their room's channels, at Pusher's 10 a second,
      // and a room's presence channel holds all its members (at most 1000).
      SOKETI_DEFAULT_APP_ENABLE_CLIENT_MESSAGES: 'true',
      SOKETI_DEFAULT_APP_MAX_CLIENT_EVENTS_PER_SEC: '10',
      SOKETI_PRESENCE_MAX_MEMBERS: '1000',
      // Pusher's user sign-in, so removing a member can end their sockets (`terminate_connections`). Soketi
      // closes a socket that has not signed in within the timeout: at its longest (2^31-1 ms, ~24.8 days),
      // so a client of an older shell, which never signs in, keeps its connection.
      SOKETI_DEFAULT_APP_USER_AUTHENTICATION: 'true',
      SOKETI_USER_AUTHENTICATION_TIMEOUT: '2147483647',
      SOKETI_ADAPTER_DRIVER: 'redis',
      SOKETI_ADAPTER_REDIS_PREFIX: 'chat',
      SOKETI_DB_REDIS_HOST: '127.0.0.1',
      SOKETI_DB_REDIS_PORT: String(layout.redis),
      SOKETI_CLUSTER_HOST: '127.0.0.1',
      SOKETI_CLUSTER_PORT: String(layout.soketiDiscoveryPort),
      SOKETI_CLUSTER_UNICAST_ADDRESSES: '127.0.0.1',
      SOKETI_SHUTDOWN_GRACE_PERIOD: '200',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    ready: answers(`http://127.0.0.1:${node.port}/ready`),
  };
}

/**
 * The environment of one API process (`port`) of the topology: PostgreSQL, Redis for the throttles, Soketi
 * node `node` for publishing (API process i publishes to node i, so a message crosses Redis to reach the other
 * node's sockets), nginx's public address for signed links and one hop of X-Forwarded-For to trust.
 * Whatever else the caller's environment sets (limits, test endpoints, log level) passes through.
 */
export function apiEnv(topology: Topology, port: number, node: number): Record<string, string> {
  const { layout, secrets, databaseUrl } = topology;
  const soketi = layout.soketiNodes[node % layout.soketiNodes.length];
  const frontEnds = Object.values(layout.frontEnds).map(localOrigin).join(',');
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: localOrigin(layout.api),
    APP_KEY: secrets.appKey,
    TRUST_PROXY: '1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl(topology),
    DATA_DIR: dataDir(topology),
    FRONTEND_ORIGINS: process.env.FRONTEND_ORIGINS ?? frontEnds,
    BROADCAST_DRIVER: 'pusher',
    REVERB_APP_ID,
    REVERB_APP_KEY: DEFAULT_REVERB_APP_KEY,
    REVERB_APP_SECRET: secrets.reverbSecret,
    REVERB_HOST: '127.0.0.1',
    REVERB_PORT: String(soketi?.port),
    REVERB_SCHEME: 'http',
  };
}

/** API process `index` of the layout; `env` adds to or overrides `apiEnv`. */
export function apiSpec(topology: Topology, index: number, env: Record<string, string> = {}): ServiceSpec {
  const port = topology.layout.apiProcesses[index];
  if (!port) throw new Error(`No API process ${index} in the layout`);
  return apiProcessSpec(apiName(index), { ...apiEnv(topology, port, index), ...env });
}

export function apiProcessSpec(name: string, env: Record<string, string>): ServiceSpec {
  return {
    name,
    command: nodeBinary,
    args: ['--import', 'tsx', 'src/server.ts'],
    cwd: join(repoRoot, 'api'),
    env,
    ready: answers(`http://127.0.0.1:${env.PORT}/up`),
    timeoutMs: 120_000,
  };
}

/**
 * The shell's own server (its production build as `pnpm start` serves it) on the layout's `shellServer`
 * port, behind nginx at the shell's public address; its /config.json names nginx's addresses.
 */
export function shellServerSpec(topology: Topology): ServiceSpec {
  const { frontEnds, api, websocket, shellServer } = topology.layout;
  return {
    name: 'shell',
    command: nodeBinary,
    args: ['--import', 'tsx', join(repoRoot, 'scripts/serve-app.ts'), 'shell'],
    env: {
      [apps.shell?.portVariable ?? 'PORT']: String(shellServer),
      // nginx's one hop: the beacons' rate limit keys on the address it adds to X-Forwarded-For.
      TRUST_PROXY: '1',
      API_URL: `${localOrigin(api)}/api/`,
      REVERB_APP_KEY: DEFAULT_REVERB_APP_KEY,
      REVERB_HOST: 'localhost',
      REVERB_PORT: String(websocket),
      REVERB_SCHEME: 'http',
      AUTH_REMOTE_URL: `${localOrigin(frontEnds['auth-remote'])}/mf-manifest.json`,
      ROOMS_REMOTE_URL: `${localOrigin(frontEnds['rooms-remote'])}/mf-manifest.json`,
      CHAT_REMOTE_URL: `${localOrigin(frontEnds['chat-remote'])}/mf-manifest.json`,
    },
    ready: answers(`${localOrigin(shellServer)}/index.html`),
  };
}
