import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { moduleFederationPlugin } from '@module-federation/sdk';

/**
 * Everything the four builds must load exactly once: React (with the subpaths JSX and the root API
 * import), the router, antd and its icons, the query cache, the stores, the network clients, and
 * @chat/shared itself, whose React contexts carry the shell's services into every remote.
 */
export const singletonPackages = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
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

function packageNameOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? request);
}

/** The installed version, read from disk: package.json ranges here are `catalog:` placeholders. */
function installedVersion(appDir: string, request: string): string {
  const name = packageNameOf(request);
  let dir = dirname(createRequire(join(appDir, 'package.json')).resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version: string;
      };
      if (manifest.name === name) return manifest.version;
    } catch {
      // no package.json at this level: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the installed version of ${name} from ${appDir}`);
    dir = parent;
  }
}

export function sharedDependencies(appDir: string): moduleFederationPlugin.SharedObject {
  return Object.fromEntries(
    singletonPackages.map((request) => {
      const version = installedVersion(appDir, request);
      return [request, { singleton: true, version, requiredVersion: `^${version}` }];
    }),
  );
}
