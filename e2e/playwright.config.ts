import { defineConfig, devices } from '@playwright/test';
import { apps } from '../scripts/apps';
import { chromiumLaunchOptions } from './support/chromium';

const isCI = Boolean(process.env.CI);

/**
 * Runs against the real stack: production builds of the four apps (built first if missing, by the
 * package's test script), the API, its embedded PostgreSQL (a fresh data folder each run) and its
 * websocket server.
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
  // One server per app, each awaited on its own address: the API is the slowest to start.
  webServer: [
    {
      command: 'rm -rf e2e/.data && pnpm --filter @chat/api start',
      cwd: '..',
      url: 'http://localhost:8000/up',
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        DATA_DIR: `${import.meta.dirname}/.data`,
        ENABLE_TEST_ENDPOINTS: 'true',
        LOG_LEVEL: 'warn',
        SEED_DEMO_USERS: 'true',
        // The failure-isolation specs deploy extra shells on :3100 and :3200.
        FRONTEND_ORIGINS: [3000, 3001, 3002, 3003, 3100, 3200]
          .map((port) => `http://localhost:${port}`)
          .join(','),
      },
    },
    ...Object.entries(apps).map(([name, app]) => ({
      command: `tsx scripts/serve-app.ts ${name}`,
      cwd: '..',
      url: `http://localhost:${app.port}/index.html`,
      reuseExistingServer: !isCI,
    })),
  ],
});
