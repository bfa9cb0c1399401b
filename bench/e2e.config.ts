import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import e2e from '../e2e/playwright.config';
import { cacheDir, type FrontEndApp, frontEndApps } from './src/lib/paths';

/**
 * The e2e flows against the bench's deployments, on ports of their own with their own API, so a stack
 * on :3000 can keep running:
 *
 *   pnpm --filter @chat/bench e2e [spec…]                          # the monolith (after `pnpm build:monolith`)
 *   E2E_DEPLOYMENT=federated pnpm --filter @chat/bench e2e [spec…] # the bench's federated builds (after `pnpm bench`)
 *
 * In the monolith, the specs about federation itself (a remote down, remote addresses, a remote alone, the
 * share-scope check in routes) have nothing to test.
 */
const root = join(import.meta.dirname, '..');
const federated = process.env.E2E_DEPLOYMENT === 'federated';
const ports: Record<FrontEndApp, number> = {
  shell: 4700,
  'auth-remote': 4701,
  'rooms-remote': 4702,
  'chat-remote': 4703,
};
const API = 4710;
const WEBSOCKET = 4711;
const apiUrl = `http://localhost:${API}/api/`;
const origin = (app: FrontEndApp) => `http://localhost:${ports[app]}`;
const portVariable = (app: FrontEndApp) =>
  app === 'shell' ? 'SHELL_PORT' : `${app.replace('-', '_').toUpperCase()}_PORT`;

// The fixtures create users through this API and sign in on this origin; the standalone spec finds the remotes.
process.env.API_URL = apiUrl;
for (const app of frontEndApps) process.env[portVariable(app)] = String(ports[app]);
process.env.E2E_DEPLOYMENT = federated ? 'federated' : 'monolith';
process.env.APP_URL = origin('shell');

const served = federated ? frontEndApps : (['shell'] as const);
const distOf = (app: FrontEndApp) =>
  federated ? join(cacheDir, 'federated', app) : join(root, 'shell', 'dist-monolith');

export default defineConfig({
  ...e2e,
  testDir: join(root, 'e2e', 'specs'),
  outputDir: join(cacheDir, 'e2e-results'),
  use: { ...e2e.use, baseURL: origin('shell') },
  // Remote failure, remote addresses and remotes run alone are federation's own flows; the monolith has none.
  testIgnore: federated
    ? []
    : ['**/remote-failure.spec.ts', '**/remote-config.spec.ts', '**/standalone.spec.ts'],
  webServer: [
    {
      command: 'pnpm --filter @chat/api start',
      cwd: root,
      url: `http://localhost:${API}/up`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(API),
        // Signed image links are absolute on the API's address (APP_URL above is the shell's, for the fixtures).
        APP_URL: `http://localhost:${API}`,
        REVERB_SERVER_PORT: String(WEBSOCKET),
        DATA_DIR: join(cacheDir, 'e2e-data', String(Date.now())),
        ENABLE_TEST_ENDPOINTS: 'true',
        SEED_DEMO_USERS: 'true',
        FRONTEND_ORIGINS: served.map(origin).join(','),
      },
    },
    ...served.map((app) => ({
      command: `tsx scripts/serve-app.ts ${app}`,
      cwd: root,
      url: `${origin(app)}/index.html`,
      reuseExistingServer: false,
      env: {
        DIST_DIR: distOf(app),
        [portVariable(app)]: String(ports[app]),
        API_URL: apiUrl,
        REVERB_PORT: String(WEBSOCKET),
        AUTH_REMOTE_URL: `${origin('auth-remote')}/mf-manifest.json`,
        ROOMS_REMOTE_URL: `${origin('rooms-remote')}/mf-manifest.json`,
        CHAT_REMOTE_URL: `${origin('chat-remote')}/mf-manifest.json`,
      },
    })),
  ],
});
