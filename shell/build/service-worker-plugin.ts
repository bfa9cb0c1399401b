import { fileURLToPath } from 'node:url';
import { createRsbuild, type RsbuildPlugin } from '@rsbuild/core';

const entry = fileURLToPath(new URL('../src/service-worker/sw.ts', import.meta.url));

/**
 * After the shell's build, its service worker into the same dist/ as `sw.js`: a file of its own, unhashed
 * (the browser finds it by that name and checks it for updates itself), built as a worker with nothing of the
 * page's setup (no federation, no React, no HTML). Without it, the static server answers /sw.js with a kill
 * switch (shell/server/service-worker-kill-switch.ts).
 */
export const serviceWorkerPlugin: RsbuildPlugin = {
  name: 'chat:service-worker',
  setup(api) {
    if (api.context.action !== 'build') return;
    api.onAfterBuild(async ({ isFirstCompile }) => {
      if (!isFirstCompile) return;
      const worker = await createRsbuild({
        cwd: api.context.rootPath,
        config: {
          mode: 'production',
          source: { entry: { sw: entry } },
          output: {
            target: 'web-worker',
            distPath: { root: api.context.distPath, js: '' },
            filename: { js: '[name].js' },
            cleanDistPath: false,
          },
          performance: { chunkSplit: { strategy: 'all-in-one' } },
        },
      });
      await worker.build();
    });
  },
};
