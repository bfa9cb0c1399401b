import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, type Env, parseEnv } from './env-schema';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { type AllowList, parseAllowList } from './link-previews/address-rules';

export { ConfigError, ENV_VARIABLES } from './env-schema';

/** The api package folder: relative paths in the environment resolve against it, not the caller's cwd. */
export const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Public base address of this API, used to build absolute attachment links. */
  appUrl: string;
  /** Secret for signed attachment URLs and XSRF tokens. */
  appKey: string;
  logLevel: string;
  /** Bearer token `GET /metrics` asks for; without one it answers this machine only (metrics/metrics-access). */
  metricsToken: string | undefined;
  /** Which X-Forwarded-For hops to believe for the client IP (throttling keys on it); see http/trust-proxy. */
  trustProxy: TrustProxy;
  /** Slow or stalled clients are cut off; bodies other than multipart uploads are capped. */
  http: { requestTimeoutMs: number; idleTimeoutMs: number; bodyLimitBytes: number };
  /** Throttle counters shared by every API process when set; in this process's memory otherwise. */
  redisUrl: string | undefined;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** Attachment files live here, outside any served folder (the file store's, and older uploads'). */
  storageDir: string;
  /** Where uploaded images are kept: files in `storageDir`, or the database every process shares. */
  attachmentStore: 'files' | 'database';
  frontendOrigins: string[];
  /** Cookie domain for XSRF-TOKEN when the front ends sit on sibling subdomains. */
  sessionDomain: string | undefined;
  seedDemoUsers: boolean;
  enableTestEndpoints: boolean;
  attachmentUrlTtlSeconds: number;
  /** Uploads declaring more pixels than this are refused before they are decoded. */
  attachmentMaxPixels: number;
  /** Link previews (docs/api.md): the fetch's allow-list, cache time and bounds. */
  linkPreviews: {
    enabled: boolean;
    /** The only way past the address rule (and to a port other than 80 and 443): `LINK_PREVIEW_ALLOW`. */
    allowList: AllowList;
    cacheSeconds: number;
    concurrency: number;
    perUserPerHour: number;
  };
  throttle: { apiPerMinute: number; loginMaxAttempts: number; loginDecaySeconds: number };
  /** How long a Bearer token's owner is remembered per process (0: looked up on every request). */
  tokenCacheSeconds: number;
  /** A token dies after `idleSeconds` unused, and `lifetimeSeconds` after it was issued whatever happens. */
  accessTokens: { idleSeconds: number; lifetimeSeconds: number };
  broadcast: {
    driver: 'embedded' | 'pusher';
    appId: string;
    key: string;
    secret: string;
    /** Where the `pusher` adapter sends events. */
    host: string;
    port: number;
    scheme: 'http' | 'https';
    /** How long the `pusher` adapter tries again a publish that found no server (or a 5xx). */
    retryMs: number;
    /** Where the embedded websocket server listens. */
    serverHost: string;
    serverPort: number;
    /** What one remote address and one socket may take of the embedded server. */
    serverLimits: {
      connectionsPerIp: number;
      channelsPerConnection: number;
      framesPerSecond: number;
      frameBurst: number;
    };
  };
}

/** A local api/.env, if present, fills in what the environment did not set (the environment wins). */
export function loadEnvFile(): void {
  const envFile = join(API_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
}

/** Development secrets must survive restarts (signed links stay valid), so they live next to the data. */
function persistedDevSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Reads and checks the environment once, at start-up; the rest of the app only sees `Config`. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const production = env.NODE_ENV === 'production';
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(API_ROOT, env.DATA_DIR);
  if (production && (!env.APP_KEY || !env.REVERB_APP_SECRET || !env.APP_URL)) {
    throw new ConfigError('In production APP_KEY, APP_URL and REVERB_APP_SECRET must be set.');
  }
  if (env.BROADCAST_DRIVER === 'pusher' && !env.REVERB_APP_SECRET) {
    throw new ConfigError('BROADCAST_DRIVER=pusher needs the REVERB_APP_SECRET the external server knows.');
  }
  if (env.REVERB_SERVER_FRAME_BURST <= env.REVERB_SERVER_MAX_CHANNELS_PER_CONNECTION) {
    // A reconnecting pusher-js resubscribes to every channel at once; a smaller burst would refuse that.
    throw new ConfigError(
      'REVERB_SERVER_FRAME_BURST must be larger than REVERB_SERVER_MAX_CHANNELS_PER_CONNECTION.',
    );
  }
  const embeddedDb = env.DATABASE_URL === undefined;
  let allowList: AllowList;
  try {
    allowList = parseAllowList(env.LINK_PREVIEW_ALLOW);
  } catch (error) {
    throw new ConfigError(`LINK_PREVIEW_ALLOW: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    appKey: env.APP_KEY ?? persistedDevSecret(dataDir, 'app-key'),
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    http: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.IDLE_TIMEOUT_SECONDS * 1000,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
    },
    redisUrl: env.REDIS_URL,
    database: embeddedDb
      ? { kind: 'pglite', dataDir: join(dataDir, 'pglite') }
      : { kind: 'postgres', url: env.DATABASE_URL as string },
    storageDir: join(dataDir, 'attachments'),
    // Past one process the database is the one store they all reach; a data folder is one machine's.
    attachmentStore: env.ATTACHMENT_STORE ?? (embeddedDb ? 'files' : 'database'),
    frontendOrigins: env.FRONTEND_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    sessionDomain: env.SESSION_DOMAIN,
    // Demo accounts with a public password only ever appear by default in the throwaway embedded setup.
    seedDemoUsers: env.SEED_DEMO_USERS ?? (embeddedDb && !production),
    enableTestEndpoints: env.ENABLE_TEST_ENDPOINTS,
    attachmentUrlTtlSeconds: env.ATTACHMENT_URL_TTL,
    attachmentMaxPixels: env.ATTACHMENT_MAX_MEGAPIXELS * 1_000_000,
    linkPreviews: {
      enabled: env.LINK_PREVIEWS === 'on',
      allowList,
      cacheSeconds: env.LINK_PREVIEW_CACHE_MINUTES * 60,
      concurrency: env.LINK_PREVIEW_CONCURRENCY,
      perUserPerHour: env.LINK_PREVIEW_PER_USER_PER_HOUR,
    },
    tokenCacheSeconds: env.AUTH_TOKEN_CACHE_SECONDS,
    accessTokens: {
      idleSeconds: env.AUTH_TOKEN_IDLE_MINUTES * 60,
      lifetimeSeconds: env.AUTH_TOKEN_LIFETIME_MINUTES * 60,
    },
    throttle: {
      apiPerMinute: env.API_THROTTLE_PER_MINUTE,
      loginMaxAttempts: env.LOGIN_MAX_ATTEMPTS,
      loginDecaySeconds: env.LOGIN_DECAY_SECONDS,
    },
    broadcast: {
      driver: env.BROADCAST_DRIVER,
      appId: env.REVERB_APP_ID,
      key: env.REVERB_APP_KEY,
      secret: env.REVERB_APP_SECRET ?? persistedDevSecret(dataDir, 'reverb-secret'),
      host: env.REVERB_HOST,
      port: env.REVERB_PORT ?? (env.REVERB_SCHEME === 'https' ? 443 : env.REVERB_SERVER_PORT),
      scheme: env.REVERB_SCHEME,
      retryMs: env.BROADCAST_RETRY_SECONDS * 1000,
      serverHost: env.REVERB_SERVER_HOST ?? env.HOST,
      serverPort: env.REVERB_SERVER_PORT,
      serverLimits: {
        connectionsPerIp: env.REVERB_SERVER_MAX_CONNECTIONS_PER_IP,
        channelsPerConnection: env.REVERB_SERVER_MAX_CHANNELS_PER_CONNECTION,
        framesPerSecond: env.REVERB_SERVER_FRAMES_PER_SECOND,
        frameBurst: env.REVERB_SERVER_FRAME_BURST,
      },
    },
  };
}
