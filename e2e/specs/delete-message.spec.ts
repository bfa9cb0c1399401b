import { APP_URL, createRoom, createUser, loginToken, messagesOf } from '../support/api';
import { audit } from '../support/axe';
import { feed, openRoom, rowsSaying, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

test.use({ baseURL: APP_URL });

test.describe('deleting a message', () => {
  test("one's own message is deleted for everyone live; others' offer no Delete", async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    // Someone else owns the room: its owner may delete anyone's message (private-rooms.spec.ts), members only theirs.
    const owner = await loginToken(request, await createUser(request, 'owner'));
    const room = await createRoom(request, owner);
    const bob = await secondMember(browser, request);
    await openRoom(page, room.id);
    await openRoom(bob.page, room.id);

    await send(page, 'Sent by mistake');
    await send(bob.page, 'Bob was here');
    await expect(rowsSaying(page, 'Bob was here')).toHaveCount(1);
    await expect(rowsSaying(bob.page, 'Sent by mistake')).toHaveCount(1);

    await expect(rowsSaying(page, 'Bob was here').getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(rowsSaying(bob.page, 'Sent by mistake').getByRole('button', { name: 'Delete' })).toHaveCount(
      0,
    );

    await rowsSaying(page, 'Sent by mistake').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toHaveCSS('opacity', '1');
    await page.screenshot({ path: '/tmp/shots/delete-confirm-1280.png' });
    await audit(page, 'the delete confirmation', { include: '.ant-modal-confirm' });
    await confirm.getByRole('button', { name: 'OK' }).click();

    await expect(rowsSaying(page, 'Sent by mistake')).toHaveCount(0);
    await expect(rowsSaying(bob.page, 'Sent by mistake')).toHaveCount(0);
    await expect(feed(bob.page).getByRole('article')).toHaveCount(1);
    expect((await messagesOf(request, token, room.id)).map((message) => message.content)).toEqual([
      'Bob was here',
    ]);

    // The chain goes on past the deleted message, live and without a gap, for both.
    await send(bob.page, 'After the delete');
    await expect(rowsSaying(page, 'After the delete')).toHaveCount(1);
    await send(page, 'Still talking');
    await expect(rowsSaying(bob.page, 'Still talking')).toHaveCount(1);
    await expect(feed(page).getByRole('article')).toHaveCount(3);
    await expect(feed(bob.page).getByRole('article')).toHaveCount(3);
    await bob.context.close();
  });

  test('a phone shows Delete on its own messages', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    await page.setViewportSize({ width: 375, height: 667 });
    await openRoom(page, room.id);
    await send(page, 'Short note from a phone');
    await expect(
      rowsSaying(page, 'Short note from a phone').getByRole('button', { name: 'Delete' }),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/delete-375.png' });
  });
});
