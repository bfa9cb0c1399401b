import { leverOn } from '@chat/shared/perf-levers';

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Installs the shell's service worker (./sw.ts) in a production page, once the app has rendered and the
 * browser is idle: it must never compete with the first load it is meant to make unnecessary next time.
 * Workbox's page half is a chunk of its own, asked for only then. The `service-worker` lever off (a build for
 * the bench only) installs none. `sessionLive` is asked again just before registering: a session that ended
 * meanwhile (a 401 while the page loaded) has already forgotten the worker, which must not come back.
 */
export function registerServiceWorker(sessionLive: () => boolean): void {
  if (!import.meta.env.PROD || !leverOn('service-worker') || !('serviceWorker' in navigator)) return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
  whenIdle(() => void install(sessionLive).catch(() => undefined));
}

async function install(sessionLive: () => boolean): Promise<void> {
  const { Workbox } = await import(/* webpackChunkName: "workbox-window" */ 'workbox-window');
  if (!sessionLive()) return;
  const workbox = new Workbox(SERVICE_WORKER_URL);
  await workbox.register();
  // This first page loaded its scripts before any worker controlled it; the worker fetches and keeps those
  // its routes would have kept (the rest it ignores), so the next visit takes none of them from the network.
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  await workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: loaded } });
}
