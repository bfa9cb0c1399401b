/**
 * Log out leaves nothing of the session in the origin's caches (which rooms and screens were opened can be
 * read from the scripts kept) and unregisters the shell's service worker: the login screen that loads next
 * is not kept again (the shell registers the worker in signed-in pages only), so the next person on this
 * device starts from a clean origin. The next sign-in registers it afresh. Never rejects: a browser that
 * refuses is no reason to stay signed in.
 */
export async function forgetServiceWorker(): Promise<void> {
  try {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
    if (typeof caches !== 'undefined') {
      await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
    }
  } catch {
    // No service worker, no caches (an insecure origin, a private window): nothing to forget.
  }
}
