import type { RuntimeConfig } from './runtime-config';

export { RUNTIME_CONFIG_PATH, remoteNames } from './runtime-config';

type Env = Record<string, string | undefined>;

export const defaultPorts = {
  shell: 3000,
  auth: 3001,
  rooms: 3002,
  chat: 3003,
  api: 8000,
  websocket: 8080,
} as const;

/** How often an open tab re-reads /config.json unless CONFIG_REFRESH_SECONDS says otherwise. */
export const DEFAULT_CONFIG_REFRESH_SECONDS = 10;

/** The websocket app key both the API and the front end use unless REVERB_APP_KEY says otherwise. */
export const DEFAULT_REVERB_APP_KEY = 'chat-key';

function remoteUrl(env: Env, name: string, port: number): string {
  return env[`${name.toUpperCase()}_REMOTE_URL`] ?? `http://localhost:${port}/mf-manifest.json`;
}

function positiveNumber(value: string | undefined): number | undefined {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : undefined;
}

/**
 * Builds the shell's `/config.json` from the environment of whoever serves it. The websocket
 * variables are Laravel's own REVERB_* names, so one .env describes the API and the front end.
 */
export function runtimeConfigFromEnv(env: Env = process.env): RuntimeConfig {
  const tls = (env.REVERB_SCHEME ?? 'http') === 'https';
  return {
    apiUrl: env.API_URL ?? `http://localhost:${defaultPorts.api}/api/`,
    websocket: {
      key: env.REVERB_APP_KEY ?? DEFAULT_REVERB_APP_KEY,
      host: env.REVERB_HOST ?? 'localhost',
      port: Number(env.REVERB_PORT ?? (tls ? 443 : defaultPorts.websocket)),
      tls,
    },
    remotes: {
      auth: remoteUrl(env, 'auth', defaultPorts.auth),
      rooms: remoteUrl(env, 'rooms', defaultPorts.rooms),
      chat: remoteUrl(env, 'chat', defaultPorts.chat),
    },
    configRefreshSeconds: positiveNumber(env.CONFIG_REFRESH_SECONDS) ?? DEFAULT_CONFIG_REFRESH_SECONDS,
  };
}
