import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium';
import { smokeUrl } from '../scripts/smoke/deployment';

const url = smokeUrl();
// The fixtures' APP_URL; API_URL comes from the deployment's own /config.json (smoke/global-setup.ts).
process.env.APP_URL = url;

/**
 * `pnpm test:smoke --url <shell>`: the journey across the remotes (support/journey.ts) against a deployment
 * nobody here started, with two of its accounts (SMOKE_USERS). Nothing is served locally; a failure keeps
 * its trace and screenshot under test-results-smoke/.
 */
export default defineConfig({
  testDir: './smoke',
  outputDir: './test-results-smoke',
  globalSetup: './smoke/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A deployment far away answers slower than the local stack the other configs time for.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: url,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions(),
    // Every request reaches the network, as these specs assume; the service worker's spec allows it.
    serviceWorkers: 'block',
  },
});
