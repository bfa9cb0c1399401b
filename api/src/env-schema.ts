import { DEFAULT_REVERB_APP_KEY, defaultPorts } from '@chat/shared/config-from-env';
import { type Static, Type } from 'typebox';
import Value from 'typebox/value';

const DEFAULT_FRONTEND_ORIGINS = [
  defaultPorts.shell,
  defaultPorts.auth,
  defaultPorts.rooms,
  defaultPorts.chat,
]
  .map((port) => `http://localhost:${port}`)
  .join(',');

const Port = (fallback?: number) =>
  Type.Integer({ minimum: 0, maximum: 65535, ...(fallback === undefined ? {} : { default: fallback }) });

/** Every variable the API reads. Values arrive as strings and are converted before they are checked. */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  PORT: Port(defaultPorts.api),
  HOST: Type.String({ minLength: 1, default: 'localhost' }),
  APP_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  APP_KEY: Type.Optional(Type.String({ minLength: 32 })),
  LOG_LEVEL: Type.String({ default: 'info' }),
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  TRUST_PROXY: Type.String({ default: 'false' }),
  REQUEST_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 60 }),
  IDLE_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 120 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 100 * 1024 * 1024, default: 64 * 1024 }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  DATA_DIR: Type.String({ minLength: 1, default: '.data' }),
  FRONTEND_ORIGINS: Type.String({ default: DEFAULT_FRONTEND_ORIGINS }),
  SESSION_DOMAIN: Type.Optional(Type.String({ minLength: 1 })),
  SEED_DEMO_USERS: Type.Optional(Type.Boolean()),
  ENABLE_TEST_ENDPOINTS: Type.Boolean({ default: false }),
  ATTACHMENT_STORE: Type.Optional(Type.Union([Type.Literal('files'), Type.Literal('database')])),
  ATTACHMENT_URL_TTL: Type.Integer({ minimum: 60, default: 3600 }),
  ATTACHMENT_MAX_MEGAPIXELS: Type.Integer({ minimum: 1, maximum: 268, default: 40 }),
  LINK_PREVIEWS: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  LINK_PREVIEW_ALLOW: Type.String({ default: '' }),
  LINK_PREVIEW_CACHE_MINUTES: Type.Integer({ minimum: 1, default: 24 * 60 }),
  LINK_PREVIEW_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
  LINK_PREVIEW_PER_USER_PER_HOUR: Type.Integer({ minimum: 1, default: 30 }),
  API_THROTTLE_PER_MINUTE: Type.Integer({ minimum: 1, default: 300 }),
  AUTH_TOKEN_CACHE_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 10 }),
  AUTH_TOKEN_IDLE_MINUTES: Type.Integer({ minimum: 1, default: 7 * 24 * 60 }),
  AUTH_TOKEN_LIFETIME_MINUTES: Type.Integer({ minimum: 1, default: 30 * 24 * 60 }),
  LOGIN_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 5 }),
  LOGIN_DECAY_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
  BROADCAST_DRIVER: Type.Union([Type.Literal('embedded'), Type.Literal('pusher')], { default: 'embedded' }),
  REVERB_APP_ID: Type.String({ minLength: 1, default: 'chat-app' }),
  REVERB_APP_KEY: Type.String({ minLength: 1, default: DEFAULT_REVERB_APP_KEY }),
  REVERB_APP_SECRET: Type.Optional(Type.String({ minLength: 8 })),
  REVERB_HOST: Type.String({ minLength: 1, default: 'localhost' }),
  REVERB_PORT: Type.Optional(Port()),
  REVERB_SCHEME: Type.Union([Type.Literal('http'), Type.Literal('https')], { default: 'http' }),
  BROADCAST_RETRY_SECONDS: Type.Integer({ minimum: 0, maximum: 60, default: 10 }),
  REVERB_SERVER_HOST: Type.Optional(Type.String({ minLength: 1 })),
  REVERB_SERVER_PORT: Port(defaultPorts.websocket),
  REVERB_SERVER_MAX_CONNECTIONS_PER_IP: Type.Integer({ minimum: 1, default: 100 }),
  REVERB_SERVER_MAX_CHANNELS_PER_CONNECTION: Type.Integer({ minimum: 1, default: 100 }),
  REVERB_SERVER_FRAMES_PER_SECOND: Type.Integer({ minimum: 1, default: 10 }),
  REVERB_SERVER_FRAME_BURST: Type.Integer({ minimum: 1, default: 150 }),
});
export type Env = Static<typeof EnvSchema>;

/** Every variable the API reads (.env.example documents each one; a test keeps the two in step). */
export const ENV_VARIABLES = Object.keys(EnvSchema.properties);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Picks the known variables, applies defaults, converts strings and reports every problem at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const picked: Record<string, string> = {};
  for (const name of ENV_VARIABLES) {
    const value = source[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  const converted = Value.Convert(EnvSchema, Value.Default(EnvSchema, picked));
  const errors = Value.Errors(EnvSchema, converted);
  const name = (path: string) => path.slice(1) || 'environment';
  // A union of literals fails once per literal; say "one of …" once instead.
  const choices = new Map<string, unknown[]>();
  for (const error of errors) {
    if (error.keyword === 'const') {
      choices.set(name(error.instancePath), [
        ...(choices.get(name(error.instancePath)) ?? []),
        error.params.allowedValue,
      ]);
    }
  }
  const problems = [
    ...errors
      .filter((error) => error.keyword !== 'const' && error.keyword !== 'anyOf')
      .map((error) => `${name(error.instancePath)}: ${error.message}`),
    ...[...choices].map(([variable, values]) => `${variable}: must be one of ${values.join(', ')}`),
  ];
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  return converted as Env;
}
