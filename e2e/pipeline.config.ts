import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';
import { pipelineStacks } from './support/release-stacks';
import { distOf, type RemoteApp, remoteApps, treeOf } from './support/releases';
import { apiEnv, frontEndApps, origin, portVariable, stackEnv } from './support/stack';

const remote = process.env.PIPELINE_REMOTE as RemoteApp;
if (!remoteApps.includes(remote))
  throw new Error(
    `PIPELINE_REMOTE must name one of ${remoteApps.join(', ')} (pnpm --filter <remote> test:pipeline)`,
  );

/** The e2e flows each remote's team answers for, beside the journey across all three. */
const flowsOf: Record<RemoteApp, string[]> = {
  'auth-remote': ['specs/login.spec.ts'],
  'rooms-remote': ['specs/rooms.spec.ts', 'specs/join-leave.spec.ts'],
  'chat-remote': ['specs/chat-live.spec.ts', 'specs/chat-history.spec.ts'],
};

const stack = pipelineStacks[remote];
Object.assign(process.env, stackEnv(stack));
const dataDir = join(tmpdir(), `chat-pipeline-${remote}-api`);

/**
 * `pnpm --filter @chat/<remote> test:pipeline`'s end-to-end step: this checkout's build of one remote, in the
 * last release's shell beside the last release's other two remotes (the kept builds, each served by its own
 * release's server), against today's API. Nothing but this remote is built.
 */
export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: ['pipeline/*.spec.ts', ...flowsOf[remote]],
  outputDir: `./test-results-pipeline/${remote}`,
  use: { ...e2e.use, baseURL: origin(stack.shell) },
  webServer: [
    {
      command: `rm -rf ${dataDir} && pnpm --filter @chat/api start`,
      cwd: '..',
      url: `${origin(stack.api)}/up`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: apiEnv(stack, dataDir),
    },
    ...frontEndApps.map((app) => {
      const version = app === remote ? 'today' : 'previous';
      return {
        command: `node --import tsx scripts/serve-app.ts ${app}`,
        cwd: treeOf(version),
        url: `${origin(stack[app])}/index.html`,
        reuseExistingServer: false,
        env: { DIST_DIR: distOf(app, version), [portVariable(app)]: String(stack[app]) },
      };
    }),
  ],
});
