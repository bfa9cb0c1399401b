import { STOP_KEEPING } from './stop-keeping';

/** How long the page waits for the worker to say it keeps nothing more: a worker of an older build never does. */
const STOP_KEEPING_MS = 300;

/**
 * Asks the worker controlling this page to keep nothing more. An unregistered worker still controls the
 * open tabs until they close, so the scripts the login screen loads next would be cached again after the
 * caches were emptied (the e2e spec of a session ended by a 401 saw 'chat-static' come back).
 */
function stopKeeping(controller: ServiceWorker | null): Promise<void> {
  if (!controller) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const done = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve();
    };
    const timer = setTimeout(done, STOP_KEEPING_MS);
    channel.port1.onmessage = done;
    controller.postMessage({ type: STOP_KEEPING }, [channel.port2]);
  });
}

/**
 * Log out leaves nothing of the session in the origin's caches (which rooms and screens were opened can be
 * read from the scripts kept) and unregisters the shell's service worker: the login screen that loads next
 * is not kept again (the shell registers the worker in signed-in pages only), so the next person on this
 * device starts from a clean origin. The next sign-in registers it afresh. Never rejects: a browser that
 * refuses is no reason to stay signed in.
 */
export async function forgetServiceWorker(): Promise<void> {
  try {
    await stopKeeping(navigator.serviceWorker?.controller ?? null);
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
    if (typeof caches !== 'undefined') {
      await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
    }
  } catch {
    // No service worker, no caches (an insecure origin, a private window): nothing to forget.
  }
}
