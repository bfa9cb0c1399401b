import { expect, test } from '../support/fixtures';
import { origin, productionStack } from '../support/stack';

/**
 * A dropped request while a remote loads costs nothing: its entry script and its chunks are fetched again
 * (Module Federation's loadEntryError hook in the shell's retry plugin; Rsbuild's assets-retry for chunks).
 */
test('every script of the rooms remote fails once, and the room list still shows', async ({
  userPage: page,
  request,
}) => {
  test.skip(
    process.env.APP_URL !== origin(productionStack.shell),
    'the e2e stack serves the remotes it drops',
  );
  const rooms = origin(productionStack['rooms-remote']);
  const manifest = await (await request.get(`${rooms}/mf-manifest.json`)).json();
  const { path, name } = manifest.metaData.remoteEntry as { path: string; name: string };
  const entry = `/${path ? `${path}/` : ''}${name}`;
  const failedOnce = new Set<string>();
  await page.route(`${rooms}/**/*.js`, async (route) => {
    const url = new URL(route.request().url()).pathname;
    if (failedOnce.has(url)) return route.continue();
    failedOnce.add(url);
    return route.abort('connectionreset');
  });

  await page.goto('/');
  await expect(page.getByText('Room Lists')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Room' })).toBeVisible();
  // The entry and at least one chunk were each refused once before they loaded.
  expect(failedOnce).toContain(entry);
  expect([...failedOnce].filter((path) => path !== entry).length).toBeGreaterThan(0);
});
