import { chromium } from '@playwright/test';

/**
 * A first visit of `url` in the Chromium on `port`, left only once its service worker holds every file the
 * page loaded from a `static/` folder (any origin): what a returning visitor's browser has kept. Fails after
 * `timeoutMs` when the page installs no worker (a build without one).
 */
export async function primeVisit(port: number, url: string, timeoutMs = 60_000): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('The launched Chromium has no default context');
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(
      async () => {
        if (!navigator.serviceWorker?.controller && !(await navigator.serviceWorker?.getRegistration()))
          return false;
        await navigator.serviceWorker.ready;
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.includes('/static/'));
        const kept = await Promise.all(loaded.map((name) => caches.match(name)));
        return loaded.length > 0 && kept.every(Boolean);
      },
      undefined,
      { timeout: timeoutMs, polling: 500 },
    );
    await page.close();
  } finally {
    await browser.close();
  }
}
