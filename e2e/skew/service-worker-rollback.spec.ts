import { routes } from '@chat/shared/constants';
import { signInBrowser } from '../../scripts/lib/sign-in-browser';
import { createUser, loginToken } from '../support/api';
import type { AppServer } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import { skewStack as stack } from '../support/release-stacks';
import { remoteApps, serveBuild, versionName } from '../support/releases';
import { keptByWorker, workerState } from '../support/service-worker';
import { origin } from '../support/stack';

test.use({ serviceWorkers: 'allow' });

/**
 * The shell rolled back to a release from before the service worker, served by that release's own server
 * (docs/operations.md): it answers /sw.js with 404, where today's server has a kill switch. The worker finds
 * that out itself at the next page load and leaves with its caches (shell/src/service-worker/sw.ts).
 */
test(`the shell rolled back to ${versionName('previous')} on its own server: the installed worker leaves with its caches`, async ({
  page,
  request,
}) => {
  const servers: AppServer[] = [];
  let shell: AppServer | undefined;
  try {
    for (const app of remoteApps) servers.push(await serveBuild(app, 'today', stack[app]));
    shell = await serveBuild('shell', 'today', stack.shell);
    const token = await loginToken(request, await createUser(request, 'worker'));
    await signInBrowser(page.context(), origin(stack.shell), token);
    await page.goto(routes.home);
    await expect(page.getByText('Room Lists')).toBeVisible();
    await keptByWorker(page);
    expect((await workerState(page)).workers).toBe(1);

    await shell.stop();
    shell = await serveBuild('shell', 'previous', stack.shell);
    await page.reload();
    await expect(page.getByText('Room Lists')).toBeVisible();
    await expect.poll(() => workerState(page)).toEqual({ workers: 0, caches: [] });
  } finally {
    await shell?.stop();
    for (const server of servers.reverse()) await server.stop();
  }
});
