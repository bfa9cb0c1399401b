import { API_URL, APP_URL, bearer, createRoom, messagesOf, postMessage } from '../support/api';
import { audit } from '../support/axe';
import { feed, openRoom, rowsSaying, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { bothInTheRoom } from '../support/second-member';

// Edit, reply and react: two members in two browsers, each seeing the other's change live.
test.use({ baseURL: APP_URL });

test.describe('a conversation', () => {
  test('an author edits their message; the other member sees the new text and (edited) live', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const { room, bob } = await bothInTheRoom(page, browser, request, token);
    await send(page, 'Meet at 5pn');
    await send(page, 'Bring snacks');
    await expect(rowsSaying(bob.page, 'Meet at 5pn')).toHaveCount(1);

    // Others' messages offer no Edit.
    await expect(rowsSaying(bob.page, 'Meet at 5pn').getByRole('button', { name: 'Edit' })).toHaveCount(0);

    // Escape leaves it as it was.
    await rowsSaying(page, 'Meet at 5pn').getByRole('button', { name: 'Edit' }).click();
    const field = page.getByRole('textbox', { name: 'Edit message' });
    await expect(field).toHaveValue('Meet at 5pn');
    await field.fill('Meet at 6pm');
    await field.press('Escape');
    await expect(field).toHaveCount(0);
    await expect(rowsSaying(page, 'Meet at 5pn')).toHaveCount(1);

    // Enter saves.
    await rowsSaying(page, 'Meet at 5pn').getByRole('button', { name: 'Edit' }).click();
    await field.fill('Meet at 5pm');
    await field.press('Enter');
    for (const reader of [page, bob.page]) {
      const row = rowsSaying(reader, 'Meet at 5pm');
      await expect(row).toHaveCount(1);
      await expect(row.getByText('(edited)')).toBeVisible();
      await expect(rowsSaying(reader, 'Meet at 5pn')).toHaveCount(0);
      // Its place does not change: still the first of the two.
      await expect(feed(reader).getByRole('article').first()).toContainText('Meet at 5pm');
      await expect(rowsSaying(reader, 'Bring snacks').getByText('(edited)')).toHaveCount(0);
    }

    // 'Save' works too, and the server holds the new text.
    await rowsSaying(page, 'Bring snacks').getByRole('button', { name: 'Edit' }).click();
    await field.fill('Bring snacks and drinks');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(rowsSaying(bob.page, 'Bring snacks and drinks')).toHaveCount(1);
    const stored = await messagesOf(request, token, room.id);
    expect(stored.map(({ content }) => content)).toEqual(['Meet at 5pm', 'Bring snacks and drinks']);
    expect(stored.every(({ edited_at }) => typeof edited_at === 'string')).toBe(true);
    await bob.context.close();
  });

  test('a reply quotes its original for both; Cancel reply sends a plain message', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const { room, bob } = await bothInTheRoom(page, browser, request, token);
    await send(page, 'Who has the projector key?');
    await expect(rowsSaying(bob.page, 'Who has the projector key?')).toHaveCount(1);

    await rowsSaying(bob.page, 'Who has the projector key?').getByRole('button', { name: 'Reply' }).click();
    const bar = bob.page.getByText('Replying to');
    await expect(bar).toHaveText(
      `Replying to ${(await messagesOf(request, token, room.id))[0]?.user.username}`,
    );
    // Cancel reply: the next message is no reply.
    await bob.page.getByRole('button', { name: 'Cancel reply' }).click();
    await expect(bar).toHaveCount(0);
    await send(bob.page, 'Not me');
    await expect(rowsSaying(page, 'Not me')).toHaveCount(1);

    await rowsSaying(bob.page, 'Who has the projector key?').getByRole('button', { name: 'Reply' }).click();
    await send(bob.page, 'Ask the front desk');
    for (const reader of [page, bob.page]) {
      const reply = rowsSaying(reader, 'Ask the front desk');
      await expect(reply.getByRole('button', { name: /Show the original/ })).toContainText(
        'Who has the projector key?',
      );
      await expect(
        rowsSaying(reader, 'Not me').getByRole('button', { name: /Show the original/ }),
      ).toHaveCount(0);
    }
    const stored = await messagesOf(request, token, room.id);
    const original = stored[0];
    expect(stored.at(-1)?.reply_to?.id).toBe(original?.id);
    expect(stored[1]?.reply_to_id).toBeNull();

    // The original deleted: the quote says so, live.
    await rowsSaying(page, 'Who has the projector key?').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this message?' })
      .getByRole('button', { name: 'OK' })
      .click();
    for (const reader of [page, bob.page]) {
      await expect(
        rowsSaying(reader, 'Ask the front desk').getByText('Original message deleted'),
      ).toBeVisible();
    }
    await bob.page.reload();
    await expect(
      rowsSaying(bob.page, 'Ask the front desk').getByText('Original message deleted'),
    ).toBeVisible();
    await bob.context.close();
  });

  test('a quote brings its original into view, loading older pages, 5,000 messages back', async ({
    userPage: page,
    request,
    token,
    user,
  }) => {
    const room = await createRoom(request, token);
    const first = await postMessage(request, token, room.id, 'The very first question');
    const seeded = await request.post(`${API_URL}testing/rooms/${room.id}/messages`, {
      data: { count: 5000, prefix: 'Filler', username: user.username },
    });
    expect(seeded.ok(), await seeded.text()).toBe(true);
    const reply = await request.post(`${API_URL}chatrooms/${room.id}/messages`, {
      data: { content: 'Answering the first question', reply_to_id: first.id },
      headers: bearer(token),
    });
    expect(reply.status()).toBe(201);

    await openRoom(page, room.id);
    await rowsSaying(page, 'Answering the first question')
      .getByRole('button', { name: /Show the original/ })
      .click();
    const original = rowsSaying(page, 'The very first question');
    await expect(original).toBeInViewport();
    await expect(original).toHaveAttribute('data-highlighted', 'true');
    await expect(original).toBeFocused();
  });

  test('reactions: a picker, toggles named by emoji and count, live and exact for both', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const { room, bob } = await bothInTheRoom(page, browser, request, token);
    await send(page, 'Pizza on Friday?');
    await expect(rowsSaying(bob.page, 'Pizza on Friday?')).toHaveCount(1);

    await rowsSaying(page, 'Pizza on Friday?').getByRole('button', { name: 'Add reaction' }).click();
    const picker = page.getByRole('group', { name: 'Choose a reaction' });
    for (const emoji of ['👍', '❤️', '😂', '🎉', '😮', '😢'])
      await expect(picker.getByRole('button', { name: emoji, exact: true })).toBeVisible();
    await audit(page, 'the conversation', { include: 'main' });
    await picker.getByRole('button', { name: '👍', exact: true }).click();
    await expect(picker).toHaveCount(0);

    const mine = rowsSaying(page, 'Pizza on Friday?').getByRole('button', { name: '👍 1' });
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    const bobs = rowsSaying(bob.page, 'Pizza on Friday?').getByRole('button', { name: '👍 1' });
    await expect(bobs).toHaveAttribute('aria-pressed', 'false');

    // Bob agrees by pressing the same toggle: 2 for both, pressed for each.
    await bobs.click();
    for (const reader of [page, bob.page]) {
      await expect(
        rowsSaying(reader, 'Pizza on Friday?').getByRole('button', { name: '👍 2' }),
      ).toHaveAttribute('aria-pressed', 'true');
    }
    // Taking one back: 1 left, pressed only for the one still reacting.
    await rowsSaying(page, 'Pizza on Friday?').getByRole('button', { name: '👍 2' }).click();
    await expect(rowsSaying(page, 'Pizza on Friday?').getByRole('button', { name: '👍 1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(
      rowsSaying(bob.page, 'Pizza on Friday?').getByRole('button', { name: '👍 1' }),
    ).toHaveAttribute('aria-pressed', 'true');
    const [stored] = await messagesOf(request, token, room.id);
    expect(stored?.reactions).toEqual([{ emoji: '👍', count: 1, me: false }]);
    await bob.context.close();
  });

  test('every action by keyboard alone, and at phone size nothing scrolls sideways', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await page.setViewportSize({ width: 375, height: 667 });
    await openRoom(page, room.id);
    await send(page, 'Typed on a phone, with a long enough text to wrap on a narrow screen');
    const row = rowsSaying(page, 'Typed on a phone, with a long enough text to wrap on a narrow screen');
    await expect(row).toHaveCount(1);

    // Keyboard: Tab reaches Reply, and the actions show once focused.
    const reply = row.getByRole('button', { name: 'Reply' });
    await reply.focus();
    await expect(reply).toBeFocused();
    await expect(row.getByRole('button', { name: 'Add reaction' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(row.getByRole('button', { name: 'Add reaction' })).toBeFocused();
    await page.keyboard.press('Enter');
    // The picker takes the focus; Enter picks its first emoji.
    await expect(page.getByRole('button', { name: '👍', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row.getByRole('button', { name: '👍 1' })).toHaveAttribute('aria-pressed', 'true');

    await row.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Edit message' })).toBeFocused();
    await page.keyboard.type(' (fixed)');
    await page.keyboard.press('Enter');
    await expect(
      rowsSaying(page, 'Typed on a phone, with a long enough text to wrap on a narrow screen (fixed)'),
    ).toHaveCount(1);

    await page.screenshot({ path: '/tmp/shots/conversation-375.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await audit(page, 'the conversation', { include: 'main' });
  });
});
