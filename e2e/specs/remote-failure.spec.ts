import { createRoom } from '../support/api';
import { type AppServer, serveApp } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import { extraPorts } from '../support/stack';

/**
 * A second shell, deployed with its own rooms-remote that this test can stop; auth and chat stay
 * on the main stack. Cookies are per host, so the user's session holds across these ports.
 */
const SHELL_PORT = extraPorts.isolatedShell;
const ROOMS_PORT = extraPorts.isolatedRooms;

test.describe('one remote down leaves the rest working', () => {
  let shell: AppServer;
  let rooms: AppServer | undefined;

  test.beforeAll(async () => {
    shell = await serveApp('shell', SHELL_PORT, {
      ROOMS_REMOTE_URL: `http://localhost:${ROOMS_PORT}/mf-manifest.json`,
    });
  });

  test.afterAll(async () => {
    await rooms?.stop();
    await shell.stop();
  });

  test('rooms-remote stopped: its slot shows a fallback, the chat still works, Retry recovers', async ({
    userPage: page,
    request,
    token,
  }) => {
    await page.goto(`${shell.url}/`);
    await expect(page.getByText('The room list is unavailable right now.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chat Rooms' })).toBeVisible();

    const room = await createRoom(request, token);
    await page.goto(`${shell.url}/?room=${room.id}`);
    await expect(page.getByRole('button', { name: 'Leave Room' })).toBeVisible();

    await page.goto(`${shell.url}/`);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    rooms = await serveApp('rooms-remote', ROOMS_PORT);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Room Lists')).toBeVisible();
  });
});
