import { fileURLToPath } from 'node:url';
import { type AppBuildOptions, createAppConfig } from '@chat/shared/build';
import { defineConfig } from '@rsbuild/core';
import { serviceWorkerPlugin } from './build/service-worker-plugin';

const shell: AppBuildOptions = {
  name: 'shell',
  port: 3000,
  title: 'Chat Rooms',
  runtimePlugins: [
    './src/federation/retry-plugin.ts',
    './src/federation/fallback-plugin.ts',
    './src/federation/health-plugin.ts',
    './src/federation/cors-scripts-plugin.ts',
  ],
  // The service worker (/sw.js) beside the build: a returning visitor's scripts come from its cache.
  override: { plugins: [serviceWorkerPlugin] },
};

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `rsbuild build --env-mode monolith` (`pnpm build:monolith`): the same shell with the three remotes'
 * exposed modules compiled in as lazy local chunks instead of federated ones, into `dist-monolith/`.
 * Only the module that loads remotes is swapped; the rest of the code is the federated shell's.
 */
const monolith: AppBuildOptions = {
  ...shell,
  federation: false,
  override: {
    plugins: [serviceWorkerPlugin],
    resolve: {
      alias: { [fromHere('./src/federation/remotes')]: fromHere('./src/monolith/remotes.ts') },
    },
    output: { distPath: { root: 'dist-monolith' } },
  },
};

export default defineConfig(({ envMode }) => createAppConfig(envMode === 'monolith' ? monolith : shell));
