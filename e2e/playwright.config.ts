import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium';
import { apiEnv, frontEndApps, origin, productionStack as stack, stackEnv } from './support/stack';

const isCI = Boolean(process.env.CI);

// The fixtures, the web servers below and every deployment a spec starts read the stack from here.
Object.assign(process.env, stackEnv(stack));

/**
 * Runs against the real stack: production builds of the four apps (built first if missing, by the
 * package's test script), the API, its embedded PostgreSQL (a fresh data folder each run) and its
 * websocket server, on ports of their own (`support/stack.ts`) so `pnpm start` can run beside it.
 * No retries: a flow that passes only on its second try is a race in the product or the test.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: origin(stack.shell),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions(),
    // Every request reaches the network, as these specs assume; the service worker's spec allows it.
    serviceWorkers: 'block',
  },
  // One server per app, each awaited on its own address: the API is the slowest to start.
  webServer: [
    {
      command: 'rm -rf e2e/.data && pnpm --filter @chat/api start',
      cwd: '..',
      url: `${origin(stack.api)}/up`,
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: 'pipe',
      env: apiEnv(stack, `${import.meta.dirname}/.data`),
    },
    ...frontEndApps.map((name) => ({
      command: `tsx scripts/serve-app.ts ${name}`,
      cwd: '..',
      url: `${origin(stack[name])}/index.html`,
      reuseExistingServer: !isCI,
    })),
  ],
});
