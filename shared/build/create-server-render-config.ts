import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import {
  FIRST_SCREEN_MANIFEST,
  FIRST_SCREEN_PROTOCOL,
  type FirstScreenManifest,
} from '../src/contracts/first-screen';
import { buildVersion } from './build-version';

const ENTRY_NAME = 'first-screen';

/**
 * The deploy's version: the one the browser build beside it stamped into its manifest, so the two agree even
 * when the tree changed between the two builds; computed as that build did when there is none yet.
 */
function browserBuildVersion(distRoot: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(distRoot, 'mf-manifest.json'), 'utf8'));
    const version = manifest?.metaData?.buildInfo?.buildVersion;
    if (typeof version === 'string') return version;
  } catch {
    // No browser build yet: the version this tree would stamp.
  }
  process.env.MF_BUILD_VERSION ??= buildVersion();
  return process.env.MF_BUILD_VERSION;
}

/** Writes `server/first-screen.json` beside the server build: its file, and the deploy's version (shared's contract). */
const firstScreenManifest = (distRoot: string): RsbuildPlugin => ({
  name: 'chat:first-screen-manifest',
  setup(api) {
    api.onAfterBuild(() => {
      const serverDir = join(distRoot, 'server');
      const entry = readdirSync(serverDir).find(
        (file) => file.startsWith(`${ENTRY_NAME}.`) && file.endsWith('.cjs'),
      );
      if (!entry) throw new Error(`No ${ENTRY_NAME} bundle in ${serverDir}`);
      const manifest: FirstScreenManifest = {
        protocol: FIRST_SCREEN_PROTOCOL,
        buildVersion: browserBuildVersion(distRoot),
        entry,
      };
      writeFileSync(join(distRoot, FIRST_SCREEN_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    });
  },
});

/**
 * A remote's server build: one CommonJS file, React, antd and the remote's own components inside, that the
 * shell's server loads to draw the remote's screen before the page's scripts run (shared/src/contracts/
 * first-screen.ts). Built after the browser build, into its dist/server/, with that build's version, so the
 * two are one deploy.
 */
export function createServerRenderConfig({ entry, distRoot = 'dist' }: { entry: string; distRoot?: string }) {
  return defineConfig({
    plugins: [pluginReact(), firstScreenManifest(distRoot)],
    source: {
      entry: { [ENTRY_NAME]: entry },
      define: {
        'process.env.CHAT_LEVERS_OFF': JSON.stringify(process.env.CHAT_LEVERS_OFF ?? ''),
        'process.env.CHAT_LEVERS_ON': JSON.stringify(process.env.CHAT_LEVERS_ON ?? ''),
      },
    },
    output: {
      target: 'node',
      // CommonJS: the shell's server evaluates it with a module wrapper of its own, not as a file.
      module: false,
      distPath: { root: join(distRoot, 'server'), js: '' },
      filename: { js: `[name].[contenthash:10].cjs` },
      cleanDistPath: true,
      // Read by a server, where a readable stack trace is worth more than bytes.
      minify: false,
    },
    performance: { chunkSplit: { strategy: 'all-in-one' } },
    tools: {
      rspack: (config) => {
        // One file: the shell's server evaluates it alone, with nothing beside it to load lazily.
        config.output = { ...config.output, asyncChunks: false };
      },
    },
  });
}
