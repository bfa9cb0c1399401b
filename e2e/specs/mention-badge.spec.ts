import type { Room } from '@chat/shared/schemas';
import type { Page } from '@playwright/test';
import { APP_URL, createRoom, postMessage } from '../support/api';
import { rowsSaying } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

test.use({ baseURL: APP_URL });

const rowOf = (page: Page, room: Room) =>
  page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').filter({ hasText: room.name });
const mentionsOf = (page: Page, room: Room) => rowOf(page, room).getByRole('img', { name: /mentions?$/ });

test.describe('mentions in the room list', () => {
  test('the badge appears live beside the unread badge when another member mentions you, and clears once the room is opened', async ({
    userPage: page,
    user,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token, { name: `Mentions ${Date.now()}` });
    const quiet = await createRoom(request, token);
    const bob = await secondMember(browser, request, room.id);

    await page.goto('/');
    await expect(rowOf(page, room)).toBeVisible();
    await expect(mentionsOf(page, room)).toHaveCount(0);

    // A message that names nobody counts as unread only.
    await postMessage(request, bob.token, room.id, 'Morning all');
    await expect(rowOf(page, room).getByRole('img', { name: '1 unread' })).toBeVisible();
    await expect(mentionsOf(page, room)).toHaveCount(0);

    await postMessage(request, bob.token, room.id, `@${user.username} are you in for Saturday?`);
    await expect(rowOf(page, room).getByRole('img', { name: '1 mention' })).toBeVisible();
    await expect(rowOf(page, room).getByRole('img', { name: '1 mention' })).toHaveText('@1');
    await expect(rowOf(page, room).getByRole('img', { name: '2 unread' })).toBeVisible();
    // Beside the unread badge, in that order.
    await expect(rowOf(page, room).getByRole('img', { name: /unread$|mentions?$/ })).toHaveText(['2', '@1']);

    await postMessage(request, bob.token, room.id, `And bring the map, @${user.username}`);
    await expect(rowOf(page, room).getByRole('img', { name: '2 mentions' })).toBeVisible();
    await expect(mentionsOf(page, quiet)).toHaveCount(0);
    await page.screenshot({ path: '/tmp/shots-21/mention-list-1280.png' });
    await page.setViewportSize({ width: 375, height: 667 });
    await expect(rowOf(page, room).getByRole('img', { name: '2 mentions' })).toBeInViewport();
    await page.screenshot({ path: '/tmp/shots-21/mention-list-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    await rowOf(page, room).getByRole('button', { name: 'Join' }).click();
    await expect(rowsSaying(page, `And bring the map, @${user.username}`)).toBeVisible();
    await page.goBack();
    await expect(rowOf(page, room)).toBeVisible();
    await expect(mentionsOf(page, room)).toHaveCount(0);
    await expect(rowOf(page, room).getByRole('img', { name: /unread$/ })).toHaveCount(0);

    // Held by the server: a reload sees it cleared, and the next mention counts from there.
    await page.reload();
    await expect(rowOf(page, room)).toBeVisible();
    await expect(mentionsOf(page, room)).toHaveCount(0);
    await postMessage(request, bob.token, room.id, `@${user.username} one more thing`);
    await expect(rowOf(page, room).getByRole('img', { name: '1 mention' })).toBeVisible();
    await bob.context.close();
  });

  test('your own mention of yourself, and a mention of someone else, add no badge', async ({
    userPage: page,
    user,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token, { name: `Not you ${Date.now()}` });
    const bob = await secondMember(browser, request, room.id);
    await postMessage(request, token, room.id, `Note to self, @${user.username}`);
    await postMessage(request, bob.token, room.id, `@${bob.credentials.username} talking to myself`);
    await page.goto('/');
    await expect(rowOf(page, room).getByRole('img', { name: '1 unread' })).toBeVisible();
    await expect(mentionsOf(page, room)).toHaveCount(0);
    await bob.context.close();
  });
});
