import { defineConfig } from '@playwright/test';
import { apps } from '../scripts/apps';
import e2e from './playwright.config';

/**
 * `pnpm dev` as a developer runs it: every app on its Rsbuild dev server (React Refresh, StrictMode, no
 * minification, whole shared packages) and the API in watch mode. One flow through all three remotes,
 * because the development build can break while the production one passes.
 */
export default defineConfig({
  ...e2e,
  testDir: './dev',
  webServer: [
    {
      command: 'rm -rf e2e/.data-dev && pnpm --filter @chat/api dev',
      cwd: '..',
      url: 'http://localhost:8000/up',
      reuseExistingServer: false,
      timeout: 120_000,
      env: { DATA_DIR: `${import.meta.dirname}/.data-dev`, LOG_LEVEL: 'warn' },
    },
    ...Object.keys(apps).map((name) => ({
      command: `pnpm --filter @chat/${name} dev`,
      cwd: '..',
      url: `http://localhost:${apps[name]?.port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
    })),
  ],
});
