import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, mergeRsbuildConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginAssetsRetry } from '@rsbuild/plugin-assets-retry';
import { pluginReact } from '@rsbuild/plugin-react';
import { leverOn } from '../src/config/perf-levers';
import { CSP_NONCE_META, CSP_NONCE_PLACEHOLDER } from '../src/config/security-headers';
import { antdStaticStyles } from './antd-static-styles';
import { buildVersion } from './build-version';
import { configMiddleware } from './config-middleware';
import { federationContractPlugin } from './federation-contract';
import { federationRuntimeEsmAliases } from './federation-runtime-esm';
import { precompressedAssets } from './precompressed-assets';
import { preloadStartupChunks } from './preload-startup-chunks';
import { sharedDependencies } from './shared-dependencies';

/**
 * assets-retry's runtime is a script of its own in the head, which held the first paint for a round trip.
 * Deferred, it still runs before the entry (deferred scripts run in order, and a failed one reports its
 * error only when its turn comes), so the entry's retry is kept.
 */
const deferAssetsRetry: RsbuildPlugin = {
  name: 'chat:defer-assets-retry',
  setup(api) {
    api.modifyHTMLTags({
      order: 'post',
      handler: ({ headTags, bodyTags }) => ({
        headTags: headTags.map((tag) =>
          tag.attrs?.['data-rsbuild-assets-retry'] === 'external'
            ? { ...tag, attrs: { ...tag.attrs, defer: true } }
            : tag,
        ),
        bodyTags,
      }),
    });
  },
};

export interface AppBuildOptions {
  /** Federation container name; the shell registers remotes under these names. */
  name: 'shell' | 'auth' | 'rooms' | 'chat';
  port: number;
  title: string;
  /** A remote's public surface: `./Name` → `./src/exposes/name.tsx`. */
  exposes?: Record<string, string>;
  runtimePlugins?: string[];
  /** `false` builds a plain single app without Module Federation (the shell's monolith mode). */
  federation?: boolean;
  /** Extra config merged last (e.g. the shell's monolith mode). */
  override?: RsbuildConfig;
}

/** `chunk_<name>_<version>`, as an identifier: a version may hold dots or dashes (`release-3`, `1.2.0`). */
const chunkLoadingGlobal = (name: string) =>
  `chunk_${name}_${process.env.MF_BUILD_VERSION ?? 'local'}`.replace(/[^A-Za-z0-9_$]/g, '_');

/** One Rsbuild + Module Federation setup for the shell and every remote, so they cannot drift apart. */
export function createAppConfig({
  name,
  port,
  title,
  exposes,
  runtimePlugins,
  federation = true,
  override = {},
}: AppBuildOptions) {
  const isRemote = exposes !== undefined;
  // The federation plugin stamps this into the manifest; the shell's own build reads it too (its health beacon).
  process.env.MF_BUILD_VERSION ??= buildVersion();
  const base: RsbuildConfig = {
    plugins: [
      pluginReact({ reactCompiler: leverOn('react-compiler') }),
      // A script or chunk that fails to load (a dropped request, a deploy's brief gap) is fetched again, the
      // remotes' own chunks included. Its runtime goes in a file of its own: the CSP admits no inline script.
      pluginAssetsRetry({ inlineScript: false, max: 3, delay: (context) => 300 * context.times }),
      federation &&
        pluginModuleFederation({
          name,
          exposes,
          shared: sharedDependencies(process.cwd()),
          shareStrategy: 'loaded-first',
          // Absolute: with shared tree-shaking the federation runtime is compiled from node_modules/.
          runtimePlugins: runtimePlugins?.map((plugin) => resolve(process.cwd(), plugin)),
          dts: false,
          manifest: { filePath: '' },
          // Leaves the Node-only paths out of the federation runtime every page loads (about 2 KiB gzip each).
          experiments: {
            optimization: { target: 'web', ...(isRemote && { disableSnapshot: true, disableRemote: true }) },
          },
        }),
      federation && federationContractPlugin(name),
      deferAssetsRetry,
      federation && !isRemote && preloadStartupChunks,
      antdStaticStyles,
    ],
    source: {
      entry: { index: './src/index.ts' },
      // Which of the start-up levers a build leaves out (shared/src/config/perf-levers.ts); none, as shipped.
      define: {
        'process.env.CHAT_LEVERS_OFF': JSON.stringify(process.env.CHAT_LEVERS_OFF ?? ''),
        'process.env.CHAT_LEVERS_ON': JSON.stringify(process.env.CHAT_LEVERS_ON ?? ''),
        'process.env.MF_BUILD_VERSION': JSON.stringify(process.env.MF_BUILD_VERSION),
        // The canary e2e's broken chat-remote (e2e/specs/canary.spec.ts): sending throws. Defined for every
        // build, not only chat-remote's own: the shell's monolith compiles chat-remote's sources too, and an
        // undefined `process` there broke every send. Empty, the minifier drops the code it guards.
        'process.env.CHAT_REMOTE_BROKEN_SEND': JSON.stringify(process.env.CHAT_REMOTE_BROKEN_SEND ?? ''),
      },
    },
    resolve: { alias: federation ? federationRuntimeEsmAliases(process.cwd()) : {} },
    html: {
      title,
      mountId: 'root',
      favicon: fileURLToPath(new URL('./assets/favicon.svg', import.meta.url)),
      // The static server swaps in a fresh nonce per page (scripts/serve-app.ts); antd's styles carry it.
      meta: { [CSP_NONCE_META]: CSP_NONCE_PLACEHOLDER },
      // The document's language (screen readers pick a voice by it), and an app shell the page paints by
      // itself before any script has arrived (seconds on a phone): the signed-in screens' header
      // (shell/src/features/home/app-header.tsx) and a neutral card, in shared/src/theme's colours. React
      // replaces it on its first render. Its style element is the one inline style the CSP admits, by nonce.
      template: fileURLToPath(new URL('./assets/index.html', import.meta.url)),
      templateParameters: { cspNonce: CSP_NONCE_PLACEHOLDER },
    },
    // Remotes resolve their chunks from wherever their manifest was fetched, so no URL of theirs is baked in.
    // Only a build empties dist/: a dev server serves from memory, and emptying it took the production build
    // from under `pnpm start` whenever `pnpm dev` (or the e2e run's dev-server flow) started beside it.
    output: { assetPrefix: isRemote ? 'auto' : '/', cleanDistPath: process.env.NODE_ENV === 'production' },
    dev: { assetPrefix: isRemote ? 'auto' : '/' },
    server: {
      port: Number(process.env.PORT ?? port),
      strictPort: true,
      historyApiFallback: true,
      headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
      setup: ({ server }) => {
        server.middlewares.use(configMiddleware);
      },
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    tools: precompressedAssets,
  };
  // Two builds of one remote can run in one page (a canary rolled back or promoted into an open tab): each
  // needs its own chunk-loading global, or the second container takes the first one's chunks as installed.
  // Its chunks load in CORS mode, as the shell loads its entry (shell/src/federation/cors-scripts-plugin.ts):
  // an error they throw reaches the shell's page with its stack, so the health beacon can say whose it is.
  const versioned: RsbuildConfig =
    federation && isRemote
      ? {
          html: { crossorigin: 'anonymous' },
          tools: { rspack: { output: { chunkLoadingGlobal: chunkLoadingGlobal(name) } } },
        }
      : {};
  // Scope hoisting makes a shared package one module: antd's tree-shaken copy became a single 580 KB function
  // that V8 compiles whole on the main thread when the share scope first reads it (bench/README.md,
  // "Federation's own cost on a phone"). Without it each of antd's modules compiles as it is first required.
  const unconcatenated: RsbuildConfig =
    federation && leverOn('unconcatenated-modules')
      ? { tools: { rspack: { optimization: { concatenateModules: false } } } }
      : {};
  return defineConfig(mergeRsbuildConfig(base, versioned, unconcatenated, override));
}
