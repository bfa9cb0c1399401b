import type { Room } from '@chat/shared/schemas';
import type { Page } from '@playwright/test';
import { APP_URL, createRoom, createUser, joinRoom, loginToken, postMessage } from '../support/api';
import { openRoom, rowsSaying, send } from '../support/chat';
import { expect, signIn, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

test.use({ baseURL: APP_URL });

const rowOf = (page: Page, room: Room) =>
  page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').filter({ hasText: room.name });
const badgeOf = (page: Page, room: Room) => rowOf(page, room).getByRole('img', { name: /unread$/ });

test.describe('unread messages in the room list', () => {
  test('the badge grows live while the list is open, clears once the room is opened, and stays cleared', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const quiet = await createRoom(request, token);
    const bob = await secondMember(browser, request, room.id);
    await openRoom(bob.page, room.id);

    await page.goto('/');
    await expect(rowOf(page, room)).toBeVisible();
    await expect(badgeOf(page, room)).toHaveCount(0);

    await send(bob.page, 'one');
    await expect(rowOf(page, room).getByLabel('1 unread')).toBeVisible();
    await send(bob.page, 'two');
    await send(bob.page, 'three');
    await expect(rowOf(page, room).getByLabel('3 unread')).toBeVisible();
    await expect(rowOf(page, room).getByLabel('3 unread')).toHaveText('3');
    await expect(badgeOf(page, quiet)).toHaveCount(0);
    await page.screenshot({ path: '/tmp/shots/unread-list-1280.png' });

    await rowOf(page, room).getByRole('button', { name: 'Join' }).click();
    await expect(rowsSaying(page, 'three')).toBeVisible();
    await page.goBack();
    await expect(rowOf(page, room)).toBeVisible();
    await expect(badgeOf(page, room)).toHaveCount(0);

    // Held by the server: a reload, and another device of the same user, see it read.
    await page.reload();
    await expect(rowOf(page, room)).toContainText(room.name);
    await expect(badgeOf(page, room)).toHaveCount(0);
    const otherDevice = await browser.newContext({ baseURL: APP_URL });
    await signIn(otherDevice, token);
    const otherPage = await otherDevice.newPage();
    await otherPage.goto('/');
    await expect(rowOf(otherPage, room)).toBeVisible();
    await expect(badgeOf(otherPage, room)).toHaveCount(0);

    // And it counts again from there.
    await send(bob.page, 'four');
    await expect(rowOf(page, room).getByLabel('1 unread')).toBeVisible();
    await expect(rowOf(otherPage, room).getByLabel('1 unread')).toBeVisible();
    await otherDevice.close();
    await bob.context.close();
  });

  test('a phone shows the badge beside the room name', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token, { name: `Phone room ${Date.now()}` });
    const bobToken = await loginToken(request, await createUser(request, 'bob'));
    await joinRoom(request, bobToken, room.id);
    for (const text of ['a', 'b']) await postMessage(request, bobToken, room.id, text);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/');
    await expect(rowOf(page, room).getByLabel('2 unread')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/unread-list-375.png' });
  });
});
