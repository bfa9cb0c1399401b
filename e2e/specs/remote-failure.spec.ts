import { createRoom, createUser, joinRoom, loginToken, postMessage } from '../support/api';
import { type AppServer, serveApp } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import { extraPorts } from '../support/stack';
import { yourRooms } from '../support/your-rooms';

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

  test('rooms-remote stopped: its slots show a fallback, the chat still works, Retry recovers', async ({
    userPage: page,
    request,
    token,
  }) => {
    const roomList = page
      .locator('.ant-result')
      .filter({ hasText: 'The room list is unavailable right now.' });
    // 'Your rooms' is rooms-remote's too: its place says so in a line of its own, with its own Retry.
    const panel = page
      .getByRole('alert')
      .filter({ hasText: 'The list of your rooms is unavailable right now.' });
    await page.goto(`${shell.url}/`);
    await expect(roomList).toBeVisible();
    await expect(panel).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chat Rooms' })).toBeVisible();

    const room = await createRoom(request, token);
    await page.goto(`${shell.url}/?room=${room.id}`);
    await expect(page.getByRole('button', { name: 'Leave Room' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();

    await page.goto(`${shell.url}/`);
    await expect(roomList.getByRole('button', { name: 'Retry' })).toBeVisible();
    rooms = await serveApp('rooms-remote', ROOMS_PORT);
    await roomList.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Room Lists')).toBeVisible();
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(yourRooms(page).getByRole('link', { name: new RegExp(`^${room.name}`) })).toBeVisible();
  });
});

test.describe('chat-remote down', () => {
  let shell: AppServer;

  test.beforeAll(async () => {
    shell = await serveApp('shell', extraPorts.chatlessShell, {
      CHAT_REMOTE_URL: `http://localhost:${extraPorts.missingChat}/mf-manifest.json`,
    });
  });

  test.afterAll(async () => {
    await shell.stop();
  });

  test("the open room's slot says so, and 'Your rooms' still works: its badges count and it switches", async ({
    userPage: page,
    request,
    token,
  }) => {
    const first = await createRoom(request, token, { name: `First ${Date.now()}` });
    const second = await createRoom(request, token, { name: `Second ${Date.now()}` });
    await page.goto(`${shell.url}/?room=${first.id}`);
    await expect(page.getByText('The chat room is unavailable right now.')).toBeVisible();
    const link = yourRooms(page).getByRole('link', { name: new RegExp(`^${second.name}`) });
    await expect(link).toBeVisible();

    const other = await createUser(request, 'other');
    const otherToken = await loginToken(request, other);
    await joinRoom(request, otherToken, second.id);
    await postMessage(request, otherToken, second.id, 'while the chat is down');
    await expect(link.getByRole('img', { name: '1 unread' })).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`room=${second.id}`));
    await expect(link).toHaveAttribute('aria-current', 'page');
  });
});
