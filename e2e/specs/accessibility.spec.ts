import { routes } from '@chat/shared/constants';
import { createRoom, createUser, joinRoom, loginToken, postMessage } from '../support/api';
import { audit } from '../support/axe';
import { feed, openRoom } from '../support/chat';
import { expect, test } from '../support/fixtures';

test.describe('accessibility', { tag: '@a11y' }, () => {
  test('the login screen', async ({ page }) => {
    await page.goto(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await audit(page, 'login');
  });

  test('the room list', async ({ userPage: page, request, token }) => {
    for (let count = 0; count < 3; count++) await createRoom(request, token);
    await page.goto(routes.home);
    await expect(page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').nth(2)).toBeVisible();
    await audit(page, 'room list');
  });

  test('the room list with full rooms and both badges', async ({ userPage: page, user, request, token }) => {
    const bobToken = await loginToken(request, await createUser(request, 'bob'));
    const carolToken = await loginToken(request, await createUser(request, 'carol'));
    // Joined, full (2 of 2), with unread messages of which one mentions this user.
    const mine = await createRoom(request, token, { name: `Both badges ${Date.now()}`, max_members: 2 });
    await joinRoom(request, bobToken, mine.id);
    await postMessage(request, bobToken, mine.id, 'Morning');
    await postMessage(request, bobToken, mine.id, `@${user.username} have a look`);
    // Full and not joined: its Join refused.
    const theirs = await createRoom(request, bobToken, { name: `Packed ${Date.now()}`, max_members: 2 });
    await joinRoom(request, carolToken, theirs.id);
    await page.goto(routes.home);
    const rows = page.getByRole('list', { name: 'Rooms' }).getByRole('listitem');
    const mineRow = rows.filter({ hasText: mine.name });
    await expect(mineRow.getByRole('img', { name: '2 unread' })).toBeVisible();
    await expect(mineRow.getByRole('img', { name: '1 mention' })).toBeVisible();
    await expect(mineRow.getByLabel('2 of 2 members')).toBeVisible();
    await expect(rows.filter({ hasText: theirs.name }).getByText('Full')).toBeVisible();
    await audit(page, 'room list with full rooms and badges');
  });

  test('the Create Room modal', async ({ userPage: page }) => {
    await page.goto(routes.home);
    await page.getByRole('button', { name: 'Create Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Room' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    // axe reads colours as drawn: wait for the opening animation to end.
    await expect(dialog).toHaveCSS('opacity', '1');
    await audit(page, 'Create Room modal');
  });

  test('a chat room with messages', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    for (const text of ['Hello there', 'A second message', 'And a third']) {
      await postMessage(request, token, room.id, text);
    }
    await openRoom(page, room.id);
    await expect(feed(page).getByRole('article')).toHaveCount(3);
    await audit(page, 'chat room');
  });

  test('an empty chat room', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    await expect(page.getByText('No messages yet')).toBeVisible();
    await audit(page, 'empty chat room');
  });
});
