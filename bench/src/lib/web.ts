import { join } from 'node:path';
import { ACCESS_TOKEN_COOKIE } from '@chat/shared/constants';
import { FIRST_SCREEN_DATA_ID } from '@chat/shared/first-screen';
import { type FrontEndApp, frontEndApps, repoRoot } from './paths';
import { deploymentOffsets, type Ports } from './ports';
import { type Service, startService } from './processes';

export interface WebStack {
  /** The shell's origin, e.g. http://localhost:4000. */
  origin: string;
  /** Which app served a response, by its origin. */
  appOf(url: string): FrontEndApp;
  stop(): Promise<void>;
}

const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');

/** What the shell's /config.json says: this run's API, websocket and remotes. */
function runtimeEnv(ports: Ports): Record<string, string> {
  const remote = (app: FrontEndApp) => `http://localhost:${ports.federated[app]}/mf-manifest.json`;
  return {
    API_URL: `http://localhost:${ports.api}/api/`,
    REVERB_HOST: 'localhost',
    REVERB_PORT: String(ports.websocket),
    AUTH_REMOTE_URL: remote('auth-remote'),
    ROOMS_REMOTE_URL: remote('rooms-remote'),
    CHAT_REMOTE_URL: remote('chat-remote'),
  };
}

const portVariables: Record<FrontEndApp, string> = {
  shell: 'SHELL_PORT',
  'auth-remote': 'AUTH_REMOTE_PORT',
  'rooms-remote': 'ROOMS_REMOTE_PORT',
  'chat-remote': 'CHAT_REMOTE_PORT',
};

/** The production static server (scripts/serve-app.ts) on one build folder. */
function serve(
  app: FrontEndApp,
  distDir: string,
  port: number,
  ports: Ports,
  env: Record<string, string> = {},
): Promise<Service> {
  return startService(app, tsx, ['scripts/serve-app.ts', app], {
    cwd: repoRoot,
    env: { ...runtimeEnv(ports), ...env, DIST_DIR: distDir, [portVariables[app]]: String(port) },
    readyUrl: `http://localhost:${port}/index.html`,
  });
}

function stack(services: Service[], appOf: (port: number) => FrontEndApp): WebStack {
  return {
    origin: new URL(services[0]?.url ?? '').origin,
    appOf: (url) => appOf(Number(new URL(url).port)),
    async stop() {
      await Promise.all(services.map((service) => service.stop()));
    },
  };
}

/**
 * The same ports moved by `offset` (one of `deploymentOffsets`, which the API admits as origins): another
 * deployment beside the first (the start-up levers' variants).
 */
export function shiftedPorts(ports: Ports, offset: number): Ports {
  if (!deploymentOffsets.includes(offset)) throw new Error(`No deployment at offset ${offset}`);
  const federated = Object.fromEntries(
    frontEndApps.map((app) => [app, ports.federated[app] + offset]),
  ) as Ports['federated'];
  return { ...ports, federated, monolith: ports.monolith + offset };
}

/** The shell and the three remotes, each on its own origin as deployed. */
export async function serveFederated(dists: Record<FrontEndApp, string>, ports: Ports): Promise<WebStack> {
  const services = await Promise.all(
    frontEndApps.map((app) => serve(app, dists[app], ports.federated[app], ports)),
  );
  const byPort = new Map(frontEndApps.map((app) => [ports.federated[app], app]));
  return stack(services, (port) => byPort.get(port) ?? 'shell');
}

/** Where a drawing shell sits beside the run's own shell (an offset the API admits as an origin). */
const DRAWING_OFFSET = 50;

/**
 * One more shell of the run's federated or monolith build, whose server draws the room list and a member's
 * room (DRAW_FIRST_SCREEN=1) with the run's own remotes and API.
 */
export async function serveDrawingShell(
  builds: { federated: Record<FrontEndApp, string>; monolith: string },
  ports: Ports,
  build: 'federated' | 'monolith',
): Promise<WebStack> {
  const [distDir, port] =
    build === 'federated'
      ? [builds.federated.shell, ports.federated.shell]
      : [builds.monolith, ports.monolith];
  const drawing = await serve('shell', distDir, port + DRAWING_OFFSET, ports, { DRAW_FIRST_SCREEN: '1' });
  return stack([drawing], () => 'shell');
}

/** The shell's server loads a remote's server build on the first page that could use it: ask until it draws. */
export async function untilDrawn(url: string, token: string): Promise<void> {
  const cookie = `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(token)}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    const page = await (await fetch(url, { headers: { Cookie: cookie } })).text();
    if (page.includes(FIRST_SCREEN_DATA_ID)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was never drawn by the server`);
}

/** The monolith build: one origin serves everything. */
export async function serveMonolith(dist: string, ports: Ports): Promise<WebStack> {
  return stack([await serve('shell', dist, ports.monolith, ports)], () => 'shell');
}
