import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';
import { apiEnv, frontEndApps, origin, devStack as stack, stackEnv } from './support/stack';

Object.assign(process.env, stackEnv(stack));

/**
 * `pnpm dev` as a developer runs it: every app on its Rsbuild dev server (React Refresh, StrictMode, no
 * minification, whole shared packages) and the API in watch mode. One flow through all three remotes,
 * because the development build can break while the production one passes. Ports of its own, like the
 * production run's.
 */
export default defineConfig({
  ...e2e,
  testDir: './dev',
  use: { ...e2e.use, baseURL: origin(stack.shell) },
  webServer: [
    {
      command: 'rm -rf e2e/.data-dev && pnpm --filter @chat/api dev',
      cwd: '..',
      url: `${origin(stack.api)}/up`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: apiEnv(stack, `${import.meta.dirname}/.data-dev`),
    },
    ...frontEndApps.map((name) => ({
      command: `pnpm --filter @chat/${name} dev`,
      cwd: '..',
      url: `${origin(stack[name])}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(stack[name]) },
    })),
  ],
});
