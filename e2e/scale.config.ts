import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium';
import { scaleFrontEndOrigins, scaleLayout } from './support/scale';
import { origin, scaleStack as stack, stackEnv } from './support/stack';

const isCI = Boolean(process.env.CI);

// The fixtures (API_URL is nginx in front of the API processes), the shells the specs add and the topology read these.
Object.assign(process.env, stackEnv(stack), {
  FRONTEND_ORIGINS: scaleFrontEndOrigins,
  SCALE_LAYOUT: JSON.stringify(scaleLayout),
});

/**
 * `pnpm test:scale`: the flows that only mean something past one process, against the topology of
 * `pnpm start:scale` itself (scripts/scale/start.ts) on ports of its own: PostgreSQL (a database emptied
 * for the run), Redis, two Soketi nodes, two API processes, nginx, Prometheus and the production
 * builds.
 */
export default defineConfig({
  testDir: './scale',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/scale' }]] : 'list',
  outputDir: 'test-results-scale',
  use: {
    baseURL: origin(stack.shell),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions(),
    // Every request reaches the network, as these specs assume; the service worker's spec allows it.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node --import tsx scripts/scale/start.ts',
    cwd: '..',
    url: `${origin(stack.shell)}/index.html`,
    // Never another run's topology: the specs start processes on its database and Redis.
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: isCI ? 'pipe' : 'ignore',
    // The supervisor stops its services in order (the API processes, then Soketi, then Redis).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      SCALE_FRESH: '1',
      ENABLE_TEST_ENDPOINTS: 'true',
      LOG_LEVEL: 'warn',
      // The browser flows come from one address; the throttle has a spec of its own with its own processes.
      API_THROTTLE_PER_MINUTE: '100000',
    },
  },
});
