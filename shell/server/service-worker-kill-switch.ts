/** Where the shell's page registers its service worker (shell/src/service-worker/register-service-worker.ts). */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * What /sw.js is when the served build has none (a release from before the worker, rolled back to): the
 * browser's next update check installs this instead of the worker it kept, and it deletes the caches and
 * unregisters itself. It has no fetch handler, so the tabs still open go to the network from that moment,
 * and it reloads none of them (a reload could cut a message being typed).
 */
export const SERVICE_WORKER_KILL_SWITCH = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
      .then(() => self.registration.unregister()),
  );
});
`;

/** Both the real worker and the kill switch: the browser must see a new one at its next check. */
export const serviceWorkerHeaders = {
  'Content-Type': 'text/javascript; charset=utf-8',
  'Cache-Control': 'no-cache',
};
