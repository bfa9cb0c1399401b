import { BROADCAST_NOTIFICATION_EVENT, routes } from '@chat/shared/constants';
import type { Room } from '@chat/shared/schemas';
import type { Page } from '@playwright/test';
import { APP_URL, createRoom, postMessage } from '../support/api';
import { openRoom } from '../support/chat';
import { expect, test } from '../support/fixtures';
import {
  clickNotification,
  notificationsShown,
  permissionAsks,
  recordNotifications,
  setHidden,
  watchFrames,
} from '../support/notifications';
import { secondMember } from '../support/second-member';

test.use({ baseURL: APP_URL });

const USER_CHANNEL = 'private-App.Models.User.';
const enable = (page: Page) => page.getByRole('button', { name: 'Enable notifications' });
const rowOf = (page: Page, room: Room) =>
  page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').filter({ hasText: room.name });

test.describe('browser notifications', () => {
  test("'Enable notifications' shows while the permission is default and asks only when clicked", async ({
    userPage: page,
    user,
    request,
    token,
  }) => {
    await recordNotifications(page, { permission: 'default', answer: 'granted' });
    await page.goto('/');
    await expect(page.getByRole('button', { name: user.username })).toBeVisible();
    await expect(enable(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Rooms' }).or(page.getByText('No Rooms'))).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-21/header-1280.png' });
    await page.setViewportSize({ width: 375, height: 667 });
    await expect(enable(page)).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: user.username })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: '/tmp/shots-21/header-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await permissionAsks(page)).toBe(0);

    // In a room, where nothing but the notifications listens on the user's own channel (the room list does,
    // for RoomRead), so that its subscription shows the click took effect.
    const room = await createRoom(request, token);
    const frames = watchFrames(page);
    await openRoom(page, room.id);
    await enable(page).click();
    await expect(enable(page)).toBeHidden();
    expect(await permissionAsks(page)).toBe(1);
    // Granted: the page now listens on the user's own channel.
    await frames.subscribed(USER_CHANNEL);
    await page.reload();
    await expect(page.getByRole('button', { name: user.username })).toBeVisible();
    await expect(enable(page)).toBeHidden();
  });

  test('a denied permission offers nothing and asks nothing', async ({ userPage: page, user }) => {
    await recordNotifications(page, { permission: 'denied' });
    await page.goto('/');
    await expect(page.getByRole('button', { name: user.username })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Rooms' }).or(page.getByText('No Rooms'))).toBeVisible();
    await expect(enable(page)).toHaveCount(0);
    expect(await permissionAsks(page)).toBe(0);
  });

  test("a mention while the page is hidden shows '{author} in {room name}' with its text, and a click opens the room", async ({
    userPage: page,
    user,
    context,
    request,
    token,
    browser,
  }) => {
    await context.grantPermissions(['notifications'], { origin: APP_URL });
    await recordNotifications(page, { permission: 'granted' });
    const room = await createRoom(request, token, { name: `Notify ${Date.now()}` });
    const other = await createRoom(request, token, { name: `Elsewhere ${Date.now()}` });
    const bob = await secondMember(browser, request, room.id);
    const frames = watchFrames(page);

    // The room list is open, the room is not.
    await page.goto('/');
    await expect(rowOf(page, room)).toBeVisible();
    await expect(enable(page)).toHaveCount(0);
    await frames.subscribed(USER_CHANNEL);

    // Visible: the mention shows in the list, not as a notification.
    await postMessage(request, bob.token, room.id, `@${user.username} seen the forecast?`);
    await frames.received(USER_CHANNEL, BROADCAST_NOTIFICATION_EVENT, 1);
    await expect(rowOf(page, room).getByRole('img', { name: '1 mention' })).toBeVisible();
    expect(await notificationsShown(page)).toEqual([]);

    await setHidden(page, true);
    // Only a mention notifies: another message of the room does not.
    await postMessage(request, bob.token, room.id, 'Rain all day, apparently');
    const text = `@${user.username} shall we move it to Sunday?`;
    await postMessage(request, bob.token, room.id, text);
    await frames.received(USER_CHANNEL, BROADCAST_NOTIFICATION_EVENT, 2);
    await expect.poll(() => notificationsShown(page)).toHaveLength(1);
    expect(await notificationsShown(page)).toEqual([
      { title: `${bob.credentials.username} in ${room.name}`, options: { body: text }, closed: false },
    ]);

    await clickNotification(page, 0);
    await expect(page).toHaveURL(`${APP_URL}${routes.room(room.id)}`);
    await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
    expect((await notificationsShown(page))[0]?.closed).toBe(true);

    // From inside another room too: any room the user is a member of.
    await page.goto(routes.room(other.id));
    await expect(page.getByRole('heading', { name: `Chat Room: ${other.name}` })).toBeVisible();
    await frames.subscribed(USER_CHANNEL, 2);
    await setHidden(page, true);
    await postMessage(request, bob.token, room.id, `@${user.username} still there?`);
    await expect
      .poll(() => notificationsShown(page))
      .toEqual([
        {
          title: `${bob.credentials.username} in ${room.name}`,
          options: { body: `@${user.username} still there?` },
          closed: false,
        },
      ]);
    await bob.context.close();
  });
});
