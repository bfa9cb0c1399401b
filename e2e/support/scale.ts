import type { ScaleLayout } from '../../scripts/scale/layout';
import { type Service, startService } from '../../scripts/scale/services';
import { apiEnv, apiProcessSpec, runningTopology } from '../../scripts/scale/topology';
import { type AppServer, serveApp } from './app-server';
import { origin, scaleStack } from './stack';

/** `pnpm start:scale`'s topology on the scaled run's ports (scale.config.ts hands it to scripts/scale/start.ts). */
export const scaleLayout: ScaleLayout = {
  frontEnds: {
    shell: scaleStack.shell,
    'auth-remote': scaleStack['auth-remote'],
    'rooms-remote': scaleStack['rooms-remote'],
    'chat-remote': scaleStack['chat-remote'],
  },
  shellServer: 6043,
  api: scaleStack.api,
  apiProcesses: [6011, 6012],
  websocket: scaleStack.websocket,
  soketiNodes: [
    { port: 6021, metricsPort: 6031 },
    { port: 6022, metricsPort: 6032 },
  ],
  soketiDiscoveryPort: 6039,
  redis: 6040,
  // Scraping each second, so a spec sees its own requests counted within a few seconds.
  prometheus: { port: 6041, scrapeIntervalSeconds: 1 },
  control: 6042,
  database: 'chat_scale_e2e',
  dataDir: '.scale/e2e-data',
};

/** What the specs start beside the topology. */
export const scaleExtraPorts = {
  /** A shell per Soketi node whose /config.json names that node, so a browser's socket lands where a test says. */
  pinnedShells: [6051, 6052],
  /** An API process with the embedded websocket server, for comparing channel authorisation. */
  embeddedApi: 6060,
  embeddedWebsocket: 6061,
  /** Two API processes with a low throttle. */
  throttledApis: [6071, 6072],
} as const;

/** Every origin a browser of the run loads pages from, for the API processes' CORS, CSRF and origin checks. */
export const scaleFrontEndOrigins = [...Object.values(scaleLayout.frontEnds), ...scaleExtraPorts.pinnedShells]
  .map(origin)
  .join(',');

/** One API process's own address (its REST base, `/broadcasting/auth`), past the balancer. */
export const apiProcessOrigin = (port: number) => `http://127.0.0.1:${port}`;
export const apiProcessUrl = (port: number) => `${apiProcessOrigin(port)}/api/`;
export const soketiNodeUrl = (index: number) => `ws://localhost:${scaleLayout.soketiNodes[index]?.port}`;

/** The shell again, with its websocket pinned to Soketi node `index` (everything else as the run's shell). */
export function serveShellOnNode(index: number): Promise<AppServer> {
  const port = scaleExtraPorts.pinnedShells[index] as number;
  return serveApp('shell', port, { REVERB_PORT: String(scaleLayout.soketiNodes[index]?.port) });
}

/**
 * Another API process on the running topology's database, Redis and secrets, publishing to Soketi node A
 * (`env` on top: another driver, other limits), for the spec to stop.
 */
export function startApiProcess(
  name: string,
  port: number,
  env: Record<string, string> = {},
): Promise<Service> {
  const topology = runningTopology(scaleLayout.dataDir);
  const spec = apiProcessSpec(name, { ...apiEnv(topology, port, 0), SEED_DEMO_USERS: 'false', ...env });
  return startService(spec, { quiet: true });
}
