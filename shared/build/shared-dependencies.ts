import type { moduleFederationPlugin } from '@module-federation/sdk';
import { installedPackage } from './package-root';
import { workspaceImports } from './workspace-imports';

/**
 * Everything the four builds must load exactly once: React (with the subpaths JSX and the root API
 * import), the router, antd and its icons, the query cache, the stores, the network clients, and
 * @chat/shared itself, whose React contexts carry the shell's services into every remote.
 *
 * `react-router` is deliberately absent: the apps import it only through `react-router-dom`, which
 * bundles it inside its own shared copy; sharing it on its own would keep it whole (59 KiB gzip
 * instead of 31 KiB). `workspaceImports` refuses a direct import of it, which would load a second router.
 */
export const singletonPackages = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'antd',
  '@ant-design/icons',
  '@tanstack/react-query',
  'zustand',
  'axios',
  'laravel-echo',
  'pusher-js',
  '@chat/shared',
] as const;

/**
 * Singletons no screen needs to start: `createEchoLoader` imports them on demand, after the first paint.
 * Nothing preloads them with the start-up chunks.
 */
export const loadedOnDemand: readonly string[] = ['laravel-echo', 'pusher-js'];

/**
 * A shared singleton is one module for every app, so the bundler cannot drop what one app leaves
 * unused: whole antd and all its icons would load on the first page. These are tree-shaken to what
 * the whole workspace imports (`runtime-infer` mode with that list), so every app's copy holds the
 * same exports and whichever loads first serves them all: still one instance, one theme, one App.
 * See bench/README.md for the measurements behind this choice.
 *
 * Production builds only: under the dev server the shaking marks exports of the federation runtime itself
 * as unused and the page dies before rendering; in development the whole packages are shared.
 */
export const treeShaken = ['antd', '@ant-design/icons', 'react-router-dom', '@tanstack/react-query'] as const;

/** Imported only through another shared package; importing it directly would load a second copy. */
const reachedThrough: Record<string, string> = { 'react-router': 'react-router-dom' };

export function packageNameOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? request);
}

export function usedExportsOfTreeShaken(): Record<string, string[]> {
  const used = workspaceImports([...treeShaken, ...Object.keys(reachedThrough)]);
  for (const [name, through] of Object.entries(reachedThrough)) {
    if (used[name]?.length) throw new Error(`Import ${used[name].join(', ')} from ${through}, not ${name}`);
  }
  return used;
}

export function sharedDependencies(appDir: string): moduleFederationPlugin.SharedObject {
  const usedExports = usedExportsOfTreeShaken();
  const shaking = process.env.NODE_ENV === 'production';
  return Object.fromEntries(
    singletonPackages.map((request) => {
      // The installed version, read from disk: package.json ranges here are `catalog:` placeholders.
      const { version } = installedPackage(appDir, packageNameOf(request));
      const exports = usedExports[request];
      return [
        request,
        {
          singleton: true,
          version,
          requiredVersion: `^${version}`,
          ...(exports && shaking && { treeShaking: { mode: 'runtime-infer', usedExports: exports } }),
        },
      ];
    }),
  );
}
