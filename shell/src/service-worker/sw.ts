// The shell's service worker (/sw.js, built by ../../build/service-worker-plugin.ts). What it keeps and why:
// ./cache-strategy.ts; docs/architecture.md, "Service worker".

import { STOP_KEEPING } from '@chat/shared/stop-keeping';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CACHE_NAMES, cacheStrategyFor } from './cache-strategy';

// The shell compiles against the DOM's types; of the worker's own scope this file needs these.
interface FetchEventLike extends Event {
  request: Request;
  waitUntil(done: Promise<unknown>): void;
}
const worker = self as unknown as {
  skipWaiting(): Promise<void>;
  location: Location;
  registration: { unregister(): Promise<boolean> };
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

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

/**
 * Set once the origin has withdrawn this worker (below), or the page's session has ended: from then on it keeps
 * nothing and answers nothing.
 */
let withdrawn = false;

for (const kind of ['cache-first', 'network-first'] as const) {
  // The default router also answers the page's CACHE_URLS message (./register-service-worker.ts) by the same
  // routes: what the page loaded before this worker controlled it is kept by the same rule.
  registerRoute(
    ({ request }) => !withdrawn && cacheStrategyFor(request, worker.location.origin) === kind,
    strategies[kind],
  );
}

/**
 * Withdrawn: the origin no longer serves this worker (404 or 410 for /sw.js: a shell rolled back to a release
 * from before it, served by that release's own server, which has no kill switch). The browser's own update
 * check just fails then and keeps the worker, so the worker looks itself at each page load and leaves with
 * its caches. A failed or 5xx answer is an outage, not a withdrawal: it stays.
 */
async function leaveIfWithdrawn(): Promise<void> {
  if (withdrawn) return;
  const answer = await fetch('/sw.js', { method: 'HEAD', cache: 'no-store' }).catch(() => null);
  if (answer?.status !== 404 && answer?.status !== 410) return;
  withdrawn = true;
  await worker.registration.unregister();
  const clear = async () => Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  await clear();
  // A script the page asked for just before may still be on its way into the cache (the worker still controls
  // the open tabs until they close): cleared again once those have landed.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await clear();
}

// The session ended (@chat/shared's forgetServiceWorker): the page unregisters this worker and empties the
// caches next, but the worker still controls the open tabs until they close, and what they load next (the
// login screen) must not be kept again. Answered once set, so the page empties the caches after it.
worker.addEventListener('message', (event) => {
  if (event.data?.type !== STOP_KEEPING) return;
  withdrawn = true;
  event.ports[0]?.postMessage('stopped');
});

worker.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.waitUntil(leaveIfWithdrawn());
});
