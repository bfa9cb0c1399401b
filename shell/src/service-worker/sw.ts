// The shell's service worker (/sw.js, built by ../../build/service-worker-plugin.ts). What it keeps and why:
// ./cache-strategy.ts; docs/architecture.md, "Service worker".
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CACHE_NAMES, cacheStrategyFor } from './cache-strategy';

// The shell compiles against the DOM's types; of the worker's own scope this file needs one call.
const worker = self as unknown as { skipWaiting(): Promise<void>; location: Location };

// Every file kept is immutable by name, so a new worker can take over open tabs at once: none of them can be
// handed a file of another build than the one it asked for.
void worker.skipWaiting();
clientsClaim();

const strategies = {
  // A month or a few hundred files (a few releases of four apps), whichever comes first: old builds' chunks
  // leave on their own, and the browser may empty the cache when it needs the room.
  'cache-first': new CacheFirst({
    cacheName: CACHE_NAMES['cache-first'],
    plugins: [
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
  'network-first': new NetworkFirst({
    cacheName: CACHE_NAMES['network-first'],
    plugins: [new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true })],
  }),
};

for (const kind of ['cache-first', 'network-first'] as const) {
  // The default router also answers the page's CACHE_URLS message (./register-service-worker.ts) by the same
  // routes: what the page loaded before this worker controlled it is kept by the same rule.
  registerRoute(
    ({ request }) => cacheStrategyFor(request, worker.location.origin) === kind,
    strategies[kind],
  );
}
