import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@chat/shared/constants';
import type { BrowserContext, Page } from '@playwright/test';
import { API_URL, bearer, createRoom } from '../support/api';
import { type AppServer, serveApp } from '../support/app-server';
import { openRoom } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { keptByWorker, workerState } from '../support/service-worker';
import { extraPorts } from '../support/stack';

// The one spec with service workers: the other configs block them so they keep testing the network.
test.use({ serviceWorkers: 'allow' });
/** The bench's monolith run (bench/e2e.config.ts) has no remotes: no other origin, no manifest. */
const federated = process.env.E2E_DEPLOYMENT !== 'monolith';

const isScript = (url: string) => new URL(url).pathname.endsWith('.js');
/** The browser's own update check of the worker must reach the network (a rollback's kill switch is there). */
const isWorkerItself = (url: string) => new URL(url).pathname === '/sw.js';

/**
 * Every request for a script that reached the network from now on: the page's own, unless the service worker
 * answered it, and the worker's, which are its trips to the network (a cache miss). Also what the page read
 * without the worker (the configuration, the manifests).
 */
function watchNetwork(context: BrowserContext) {
  const scripts: string[] = [];
  const uncached: string[] = [];
  const fromWorker: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker() && isScript(request.url()) && !isWorkerItself(request.url())) {
      scripts.push(`worker: ${request.url()}`);
    }
  });
  context.on('response', (response) => {
    if (response.fromServiceWorker() && response.request().resourceType() === 'script')
      fromWorker.push(response.url());
    if (response.request().serviceWorker() || response.fromServiceWorker()) return;
    uncached.push(response.url());
    if (response.request().resourceType() === 'script' && !isWorkerItself(response.url())) {
      scripts.push(`page: ${response.url()}`);
    }
  });
  return { scripts, uncached, fromWorker };
}

/** A signed-in visit: the room list, then a room, each loaded in full; the worker keeps what each loaded. */
async function visit(page: Page, roomId: number): Promise<void> {
  await page.goto(routes.home);
  await expect(page.getByText('Room Lists')).toBeVisible();
  await keptByWorker(page);
  await openRoom(page, roomId);
  await keptByWorker(page);
}

/** The session's end left nothing: no cache of the origin, no worker registered. */
async function expectForgotten(page: Page): Promise<void> {
  expect(await page.evaluate(() => caches.keys())).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
}

test.describe('service worker', () => {
  test('a second visit takes no script from the network, and still reads the configuration and manifests', async ({
    userPage: page,
    context,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await visit(page, room.id);

    const network = watchNetwork(context);
    await visit(page, room.id);

    expect(network.scripts).toEqual([]);
    // The scripts did load, from the worker: the shell's and the remotes' (other origins) alike.
    const origins = new Set(network.fromWorker.map((url) => new URL(url).origin));
    expect(origins).toContain(new URL(page.url()).origin);
    const uncached = network.uncached.map((url) => new URL(url).pathname);
    expect(uncached).toContain('/config.json');
    if (!federated) return;
    expect(origins.size).toBeGreaterThan(1);
    expect(uncached).toContain('/mf-manifest.json');
  });

  test('log out deletes the caches and the worker', async ({ userPage: page, request, token, user }) => {
    const room = await createRoom(request, token);
    await visit(page, room.id);
    expect(await page.evaluate(() => caches.keys())).not.toEqual([]);

    await page.getByRole('button', { name: user.username, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
    await expect(page).toHaveURL(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();

    await expectForgotten(page);
  });

  test('a session that ends on a 401 (its token revoked elsewhere) deletes the caches and the worker too', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await visit(page, room.id);
    expect(await page.evaluate(() => caches.keys())).not.toEqual([]);

    // Signed out on another device: this tab learns it at its next call, here the reload's session check.
    expect((await request.post(`${API_URL}auth/logout`, { headers: bearer(token) })).ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();

    await expectForgotten(page);
  });

  test('a shell rolled back to a build without the worker removes it from the browser', async ({
    userPage: page,
  }) => {
    test.skip(
      !federated,
      "restarts this checkout's federated shell build, whose remotes the monolith run does not serve",
    );
    // Today's shell build less its worker: what a release from before the worker looks like to the server.
    const withoutWorker = mkdtempSync(join(tmpdir(), 'shell-without-sw-'));
    cpSync(fileURLToPath(new URL('../../shell/dist', import.meta.url)), withoutWorker, { recursive: true });
    rmSync(join(withoutWorker, 'sw.js'));
    let shell: AppServer | undefined;
    try {
      shell = await serveApp('shell', extraPorts.rolledBackShell);
      await page.goto(`${shell.url}${routes.home}`);
      await expect(page.getByText('Room Lists')).toBeVisible();
      await keptByWorker(page);

      await shell.stop();
      shell = await serveApp('shell', extraPorts.rolledBackShell, { DIST_DIR: withoutWorker });
      // The browser checks the worker at this navigation, finds the kill switch and installs it.
      await page.reload();
      await expect(page.getByText('Room Lists')).toBeVisible();

      await expect.poll(() => workerState(page)).toEqual({ workers: 0, caches: [] });
    } finally {
      await shell?.stop();
      rmSync(withoutWorker, { recursive: true, force: true });
    }
  });
});
