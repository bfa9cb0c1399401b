import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';
import { skewStack as stack } from './support/release-stacks';
import { apiEnv, origin, stackEnv } from './support/stack';

Object.assign(process.env, stackEnv(stack));
const dataDir = join(tmpdir(), 'chat-skew-api');

/**
 * `pnpm test:skew`: today's apps beside the last release's (releases.json), one pairing at a time, and a
 * remote rolled back and forward by configuration. Each spec serves the builds it pairs; the API is today's,
 * one process for the whole run. Needs today's builds and the release's (`pnpm release:build`).
 */
export default defineConfig({
  ...e2e,
  testDir: './skew',
  outputDir: './test-results-skew',
  reporter: [['list'], ['./skew/table-reporter.ts']],
  use: { ...e2e.use, baseURL: origin(stack.shell) },
  webServer: {
    command: `rm -rf ${dataDir} && pnpm --filter @chat/api start`,
    cwd: '..',
    url: `${origin(stack.api)}/up`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: apiEnv(stack, dataDir),
  },
});
