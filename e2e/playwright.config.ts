import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

const isCI = Boolean(process.env.CI);

/**
 * Runs against the real stack: production builds of the four apps, the API, its embedded
 * PostgreSQL (a fresh data folder each run) and its websocket server.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: {
    command: 'rm -rf e2e/.data && pnpm start',
    cwd: '..',
    url: 'http://localhost:3000/config.json',
    reuseExistingServer: !isCI,
    timeout: 240_000,
    stdout: 'pipe',
    env: {
      DATA_DIR: `${import.meta.dirname}/.data`,
      ENABLE_TEST_ENDPOINTS: 'true',
      SEED_DEMO_USERS: 'true',
      // The failure-isolation specs deploy extra shells on :3100 and :3200.
      FRONTEND_ORIGINS: [3000, 3001, 3002, 3003, 3100, 3200]
        .map((port) => `http://localhost:${port}`)
        .join(','),
    },
  },
});
