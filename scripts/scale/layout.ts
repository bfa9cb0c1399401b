import { defaultPorts } from '@chat/shared/config-from-env';

/**
 * Where the scaled topology runs each piece on one machine. The public addresses (the shell, the remotes,
 * `api`, `websocket`) are `pnpm start`'s, all nginx's (ops/nginx/); the processes behind it listen on
 * loopback ports of their own.
 */
export interface ScaleLayout {
  /** nginx serves the remotes' builds itself and proxies the shell to `shellServer`. */
  frontEnds: { shell: number; 'auth-remote': number; 'rooms-remote': number; 'chat-remote': number };
  /** The shell's own server (scripts/serve-app.ts: CSP nonces, /config.json, beacons), behind nginx. */
  shellServer: number;
  /** The API's public address: nginx in front of `apiProcesses`. */
  api: number;
  apiProcesses: number[];
  /** The websocket's public address (what /config.json names): nginx in front of the nodes. */
  websocket: number;
  /** `metricsPort`: the node's metrics server (`/ready`, `/usage`, and `/metrics` for Prometheus). */
  soketiNodes: { port: number; metricsPort: number }[];
  /** UDP port of Soketi's node discovery, which it always binds (the Redis adapter does not use it). */
  soketiDiscoveryPort: number;
  redis: number;
  /** A Prometheus scraping every API process and Soketi node each `scrapeIntervalSeconds`; none if absent. */
  prometheus?: { port: number; scrapeIntervalSeconds: number };
  /** Loopback port of the supervisor's control server (`pnpm scale:restart`). */
  control: number;
  /** PostgreSQL database (on Debian's cluster) unless SCALE_DATABASE_URL names one. */
  database: string;
  /** The API processes' shared DATA_DIR (the generated secrets; images are in PostgreSQL), from the repo root. */
  dataDir: string;
}

/** `pnpm start:scale`: the app where `pnpm start` serves it. */
export const defaultLayout: ScaleLayout = {
  frontEnds: {
    shell: defaultPorts.shell,
    'auth-remote': defaultPorts.auth,
    'rooms-remote': defaultPorts.rooms,
    'chat-remote': defaultPorts.chat,
  },
  shellServer: 3010,
  api: defaultPorts.api,
  apiProcesses: [8001, 8002],
  websocket: defaultPorts.websocket,
  soketiNodes: [
    { port: 8081, metricsPort: 8091 },
    { port: 8082, metricsPort: 8092 },
  ],
  soketiDiscoveryPort: 8089,
  redis: 6380,
  prometheus: { port: 9090, scrapeIntervalSeconds: 5 },
  control: 8099,
  database: 'chat_scale',
  dataDir: '.scale/data',
};

/** SCALE_LAYOUT (JSON, any subset of the fields) moves pieces, e.g. for the scaled e2e run. */
export function layoutFromEnv(env: Record<string, string | undefined> = process.env): ScaleLayout {
  const overrides = env.SCALE_LAYOUT ? (JSON.parse(env.SCALE_LAYOUT) as Partial<ScaleLayout>) : {};
  return { ...defaultLayout, ...overrides };
}

export const localOrigin = (port: number) => `http://localhost:${port}`;
