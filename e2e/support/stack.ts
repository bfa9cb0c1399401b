import { PREVIEW_SITE_ALLOW } from './preview-site';
/**
 * Where an e2e run serves the app: ports of its own, clear of `pnpm start` and `pnpm dev` (:3000–:3003,
 * :8000, :8080) and of the bench's (:47xx), so the tests run while a developer has the app open.
 * Setting the variables here, when the config loads, hands them to every web server, every `serveApp`
 * child and the fixtures (API_URL, APP_URL) alike.
 */
export interface Stack {
  shell: number;
  'auth-remote': number;
  'rooms-remote': number;
  'chat-remote': number;
  api: number;
  websocket: number;
}

export type FrontEndApp = 'shell' | 'auth-remote' | 'rooms-remote' | 'chat-remote';
export const frontEndApps: readonly FrontEndApp[] = ['shell', 'auth-remote', 'rooms-remote', 'chat-remote'];

/** The production builds' stack (playwright.config.ts). */
export const productionStack: Stack = {
  shell: 4000,
  'auth-remote': 4001,
  'rooms-remote': 4002,
  'chat-remote': 4003,
  api: 4010,
  websocket: 4011,
};

/** The dev servers' stack (dev.config.ts). */
export const devStack: Stack = {
  shell: 4500,
  'auth-remote': 4501,
  'rooms-remote': 4502,
  'chat-remote': 4503,
  api: 4510,
  websocket: 4511,
};

/** Extra deployments the failure-isolation specs start and stop themselves. */
export const extraPorts = {
  isolatedShell: 4100,
  isolatedRooms: 4102,
  /** A shell whose chat-remote address answers nothing (4103: no server). */
  chatlessShell: 4101,
  missingChat: 4103,
  movedShell: 4200,
  movedAuth: 4201,
  movedChat: 4202,
  /** The canary spec's shell (small canary settings) and its two chat-remote canaries. */
  canaryShell: 4600,
  brokenChat: 4601,
  goodChat: 4602,
  /** The service worker spec's shell, restarted on a build without the worker (its kill switch). */
  rolledBackShell: 4300,
  /** The server-drawn room's spec: a shell with DRAW_FIRST_SCREEN=1. */
  drawingShell: 4301,
} as const;

export const origin = (port: number) => `http://localhost:${port}`;

export const portVariable = (app: FrontEndApp) =>
  app === 'shell' ? 'SHELL_PORT' : `${app.replace('-', '_').toUpperCase()}_PORT`;

/** What every server of the stack and the fixtures read: the shell's configuration and the API's. */
export function stackEnv(stack: Stack): Record<string, string> {
  const env: Record<string, string> = {
    API_URL: `${origin(stack.api)}/api/`,
    APP_URL: origin(stack.shell),
    REVERB_PORT: String(stack.websocket),
  };
  for (const app of frontEndApps) {
    env[portVariable(app)] = String(stack[app]);
    if (app !== 'shell')
      env[`${app.split('-')[0]?.toUpperCase()}_REMOTE_URL`] = `${origin(stack[app])}/mf-manifest.json`;
  }
  return env;
}

/** Every origin a browser of the run loads pages from, for the API's CORS and CSRF. */
export function frontEndOrigins(stack: Stack): string {
  const ports = [...frontEndApps.map((app) => stack[app]), ...Object.values(extraPorts)];
  return ports.map(origin).join(',');
}

/** The API of a stack: a fresh data folder each run, test endpoints on. */
export function apiEnv(stack: Stack, dataDir: string): Record<string, string> {
  return {
    PORT: String(stack.api),
    // Signed image links are absolute on the API's own address.
    APP_URL: origin(stack.api),
    REVERB_SERVER_PORT: String(stack.websocket),
    DATA_DIR: dataDir,
    ENABLE_TEST_ENDPOINTS: 'true',
    LOG_LEVEL: 'warn',
    SEED_DEMO_USERS: 'true',
    // Every flow of a run comes from one address and the session flows repeat 50 times: the per-minute
    // budget is the API tests' subject (api/src/plugins/rate-limit), not these flows'.
    API_THROTTLE_PER_MINUTE: '100000',
    FRONTEND_ORIGINS: frontEndOrigins(stack),
    // The link-preview flow's page on loopback (support/preview-site.ts), as an operator's allow-list admits one.
    LINK_PREVIEW_ALLOW: PREVIEW_SITE_ALLOW,
  };
}

/**
 * The scaled topology's run (scale.config.ts, `support/scale.ts` for the ports behind nginx): `api` and
 * `websocket` are nginx's. Not 6000: browsers and fetch refuse that port (X11).
 */
export const scaleStack: Stack = {
  shell: 6001,
  'auth-remote': 6002,
  'rooms-remote': 6003,
  'chat-remote': 6004,
  api: 6010,
  websocket: 6020,
};
