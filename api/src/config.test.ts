import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { API_ROOT, ConfigError, ENV_VARIABLES, loadConfig } from './config';

const base = {
  APP_KEY: 'k'.repeat(40),
  REVERB_APP_SECRET: 'secret-secret',
  DATA_DIR: '/tmp/chat-api-config-test',
};

describe('loadConfig', () => {
  it('defaults to the local development setup of the contract', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 8000,
      appUrl: 'http://localhost:8000',
      database: { kind: 'pglite', dataDir: '/tmp/chat-api-config-test/pglite' },
      storageDir: '/tmp/chat-api-config-test/attachments',
      attachmentStore: 'files',
      frontendOrigins: [
        'http://localhost:3000',
        'http://localhost:3001',
        'http://localhost:3002',
        'http://localhost:3003',
      ],
      seedDemoUsers: true,
      enableTestEndpoints: false,
      broadcast: { driver: 'embedded', key: 'chat-key', serverPort: 8080, port: 8080, scheme: 'http' },
    });
  });

  it('resolves a relative DATA_DIR against the api package, not the working directory', () => {
    expect(loadConfig({ ...base, DATA_DIR: '.data' }).storageDir).toBe(
      `${API_ROOT.replace(/\/$/, '')}/.data/attachments`,
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set, and then seeds no demo users unless asked', () => {
    const config = loadConfig({ ...base, DATABASE_URL: 'postgres://u:p@db:5432/chat' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/chat' });
    expect(config.seedDemoUsers).toBe(false);
    // Images go where every process is; ATTACHMENT_STORE picks either store with either database.
    expect(config.attachmentStore).toBe('database');
    expect(
      loadConfig({ ...base, DATABASE_URL: 'postgres://db/chat', ATTACHMENT_STORE: 'files' }).attachmentStore,
    ).toBe('files');
    expect(loadConfig({ ...base, ATTACHMENT_STORE: 'database' }).attachmentStore).toBe('database');
    expect(
      loadConfig({ ...base, DATABASE_URL: 'postgres://db/chat', SEED_DEMO_USERS: 'true' }).seedDemoUsers,
    ).toBe(true);
  });

  it('converts and checks values, listing every problem', () => {
    const config = loadConfig({
      ...base,
      PORT: '9000',
      FRONTEND_ORIGINS: 'https://a.example/, https://b.example',
    });
    expect(config.port).toBe(9000);
    expect(config.frontendOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(() => loadConfig({ ...base, PORT: 'eighty', BROADCAST_DRIVER: 'carrier-pigeon' })).toThrow(
      /PORT[\s\S]*BROADCAST_DRIVER/,
    );
  });

  it('refuses to start in production without real secrets, or the pusher driver without the shared secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, REVERB_APP_SECRET: undefined, BROADCAST_DRIVER: 'pusher' })).toThrow(
      ConfigError,
    );
  });

  it('reads token expiry in minutes, and refuses a frame burst that a resubscribing client would exceed', () => {
    expect(loadConfig(base).accessTokens).toEqual({ idleSeconds: 7 * 86_400, lifetimeSeconds: 30 * 86_400 });
    expect(loadConfig({ ...base, AUTH_TOKEN_IDLE_MINUTES: '30' }).accessTokens.idleSeconds).toBe(1_800);
    expect(() => loadConfig({ ...base, REVERB_SERVER_MAX_CHANNELS_PER_CONNECTION: '150' })).toThrow(
      /REVERB_SERVER_FRAME_BURST must be larger/,
    );
  });

  it('reads proxies to trust, timeouts, the body limit and REDIS_URL; refuses TRUST_PROXY=true', () => {
    expect(loadConfig(base)).toMatchObject({
      trustProxy: false,
      http: { requestTimeoutMs: 60_000, idleTimeoutMs: 120_000, bodyLimitBytes: 65_536 },
      redisUrl: undefined,
    });
    const config = loadConfig({
      ...base,
      TRUST_PROXY: '10.0.0.0/8,fd00::/8',
      REQUEST_TIMEOUT_SECONDS: '30',
      REDIS_URL: 'redis://cache:6379/2',
    });
    expect(config).toMatchObject({
      trustProxy: ['10.0.0.0/8', 'fd00::/8'],
      http: { requestTimeoutMs: 30_000 },
      redisUrl: 'redis://cache:6379/2',
    });
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/every X-Forwarded-For hop/);
    expect(() => loadConfig({ ...base, REDIS_URL: 'cache:6379' })).toThrow(/REDIS_URL/);
  });

  it('points the pusher adapter at REVERB_HOST/PORT/SCHEME', () => {
    const config = loadConfig({
      ...base,
      BROADCAST_DRIVER: 'pusher',
      REVERB_HOST: 'ws.example.com',
      REVERB_SCHEME: 'https',
    });
    expect(config.broadcast).toMatchObject({
      driver: 'pusher',
      host: 'ws.example.com',
      port: 443,
      scheme: 'https',
    });
  });
});

describe('.env.example', () => {
  it('documents exactly the variables the API reads', () => {
    const example = readFileSync(join(API_ROOT, '.env.example'), 'utf8');
    const documented = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(new Set(documented)).toEqual(new Set(ENV_VARIABLES));
  });
});
