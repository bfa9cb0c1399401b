import { expect, type Page } from '@playwright/test';

/** Waits until the service worker holds every file this page loaded from a `static/` folder (any origin). */
export async function keptByWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          const loaded = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => new URL(url).pathname.includes('/static/'));
          const missing: string[] = [];
          for (const url of loaded) if (!(await caches.match(url))) missing.push(url);
          return missing;
        }),
      { timeout: 20_000, message: 'files the service worker has not kept yet' },
    )
    .toEqual([]);
}

/** How many service workers the page's origin has registered, and its caches' names. */
export const workerState = (page: Page) =>
  page.evaluate(async () => ({
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    caches: await caches.keys(),
  }));
