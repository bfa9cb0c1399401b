/** Deploy-time settings the shell reads at start-up; never baked into a build. */
export interface RuntimeConfig {
  /** REST base address, ending in `/api/`. */
  apiUrl: string;
  websocket: { key: string; host: string; port: number; tls: boolean };
  /** Manifest URL of each remote, by remote name. */
  remotes: Record<RemoteName, string>;
  /**
   * How often an open tab re-reads this file, in seconds, so a canary's rollback or promotion reaches it
   * without a reload. Optional: a shell built before it existed ignores it, a server that omits it means 10.
   */
  configRefreshSeconds?: number;
}

export const remoteNames = ['auth', 'rooms', 'chat'] as const;
export type RemoteName = (typeof remoteNames)[number];

export const RUNTIME_CONFIG_PATH = '/config.json';

/** The backend origin (for `/sanctum/csrf-cookie` and `/broadcasting/auth`), derived from the REST base. */
export function backendOrigin(config: RuntimeConfig): string {
  return new URL(config.apiUrl).origin;
}

export async function loadRuntimeConfig(url = RUNTIME_CONFIG_PATH): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Runtime configuration ${url} answered ${response.status}`);
  const config = (await response.json()) as Partial<RuntimeConfig>;
  const missing = (['apiUrl', 'websocket', 'remotes'] as const).filter((key) => !config[key]);
  if (missing.length > 0) throw new Error(`Runtime configuration ${url} lacks ${missing.join(', ')}`);
  return config as RuntimeConfig;
}
