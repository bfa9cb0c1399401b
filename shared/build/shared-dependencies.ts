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

export const sharedDependencies: moduleFederationPlugin.SharedObject = Object.fromEntries(
  singletonPackages.map((name) => [name, { singleton: true }]),
);
