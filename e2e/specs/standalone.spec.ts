import { defaultPorts } from '@chat/shared/config-from-env';
import { createRoom } from '../support/api';
import { expect, test } from '../support/fixtures';

/** Each remote's own production build, served alone as its team runs it: no shell around it. */
const alone = (remote: 'rooms' | 'chat', path = '/') => {
  const port = process.env[`${remote.toUpperCase()}_REMOTE_PORT`] ?? defaultPorts[remote];
  return `http://localhost:${port}${path}`;
};

test.describe('a remote running alone', () => {
  test('rooms-remote signs its developer in, then shows the room list', async ({ page, user }) => {
    await page.goto(alone('rooms'));
    await expect(page.getByText('Sign in to preview this remote')).toBeVisible();

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByText('Room Lists')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Room' })).toBeVisible();
  });

  test('chat-remote picks a room to open, and a room it cannot join brings it back with the reason', async ({
    page,
    request,
    user,
    token,
  }) => {
    const room = await createRoom(request, token);
    await page.goto(alone('chat', '/?room=999999999'));
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The failed join reloads onto the picker once, not in a loop.
    await expect(page.getByRole('alert').filter({ hasText: 'Could not join the room' })).toBeVisible();
    await expect(page.getByText('Open a chat room')).toBeVisible();

    await page.getByLabel('Room').fill(room.name);
    await page.getByRole('button', { name: room.name }).click();

    await expect(page).toHaveURL(alone('chat', `/?room=${room.id}`));
    await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
  });
});
