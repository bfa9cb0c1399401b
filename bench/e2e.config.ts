import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import e2e from '../e2e/playwright.config';
import { apiEnv, type FrontEndApp, frontEndApps, origin, type Stack, stackEnv } from '../e2e/support/stack';
import { cacheDir } from './src/lib/paths';

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
const stack: Stack = {
  shell: 4700,
  'auth-remote': 4701,
  'rooms-remote': 4702,
  'chat-remote': 4703,
  api: 4710,
  websocket: 4711,
};

// The fixtures create users through this API and sign in on this origin; the standalone spec finds the remotes.
Object.assign(process.env, stackEnv(stack));
process.env.E2E_DEPLOYMENT = federated ? 'federated' : 'monolith';

const served: readonly FrontEndApp[] = federated ? frontEndApps : ['shell'];
const distOf = (app: FrontEndApp) =>
  federated ? join(cacheDir, 'federated', app) : join(root, 'shell', 'dist-monolith');

export default defineConfig({
  ...e2e,
  testDir: join(root, 'e2e', 'specs'),
  outputDir: join(cacheDir, 'e2e-results'),
  use: { ...e2e.use, baseURL: origin(stack.shell) },
  // Remote failure, remote addresses and remotes run alone are federation's own flows; the monolith has none.
  testIgnore: federated
    ? []
    : ['**/remote-failure.spec.ts', '**/remote-config.spec.ts', '**/standalone.spec.ts'],
  webServer: [
    {
      command: 'pnpm --filter @chat/api start',
      cwd: root,
      url: `${origin(stack.api)}/up`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: apiEnv(stack, join(cacheDir, 'e2e-data', String(Date.now()))),
    },
    ...served.map((app) => ({
      command: `tsx scripts/serve-app.ts ${app}`,
      cwd: root,
      url: `${origin(stack[app])}/index.html`,
      reuseExistingServer: false,
      env: { DIST_DIR: distOf(app) },
    })),
  ],
});
