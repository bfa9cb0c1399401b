import { APP_URL, createRoom, postMessage, seedMessages } from '../support/api';
import { audit } from '../support/axe';
import { feed, openRoom, rowsSaying, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

// Find and be found in a room: search and jump far back, @mentions, and opening where you left off.
test.use({ baseURL: APP_URL });

const SHOTS = '/tmp/shots-21';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

test.describe('find and be found', () => {
  test('search finds a message 10,000 back, opens the conversation around it, and Jump to latest brings back the newest with a live one', async ({
    userPage: page,
    request,
    token,
    user,
    browser,
  }) => {
    test.setTimeout(120_000);
    const room = await createRoom(request, token);
    await postMessage(request, token, room.id, 'The llama left the barn at dawn');
    await seedMessages(page.request, room.id, { count: 10_000, prefix: 'Filler', username: user.username });
    await postMessage(request, token, room.id, 'Newest before the search');
    const bob = await secondMember(browser, request, room.id);

    await page.setViewportSize(DESKTOP);
    await openRoom(page, room.id);
    const box = page.getByRole('searchbox', { name: 'Search messages' });
    await expect(box).toHaveAttribute('placeholder', 'Search messages');
    await box.fill('llama');
    await box.press('Enter');
    const panel = page.getByRole('region', { name: 'Search results' });
    await expect(panel.getByRole('heading', { name: 'Search results' })).toBeVisible();
    const result = panel.getByRole('button', { name: /The llama left the barn at dawn/ });
    await expect(result).toHaveCount(1);
    await expect(result.locator('mark')).toHaveText('llama');
    await expect(result).toContainText(user.username);
    await page.screenshot({ path: `${SHOTS}/search-results-desktop.png` });

    await result.click();
    await expect(panel).toHaveCount(0);
    const found = rowsSaying(page, 'The llama left the barn at dawn');
    await expect(found).toBeInViewport();
    await expect(found).toHaveAttribute('data-highlighted', 'true');
    await expect(rowsSaying(page, 'Newest before the search')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/search-jump-desktop.png` });

    // Bob writes while the window is shown: nothing of it is lost.
    await openRoom(bob.page, room.id);
    await send(bob.page, 'Live while you were away');
    await expect(rowsSaying(bob.page, 'Live while you were away')).toHaveCount(1);
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
    await expect(rowsSaying(page, 'Live while you were away')).toBeInViewport();
    await expect(rowsSaying(page, 'Newest before the search')).toHaveCount(1);

    // At phone size: the field fits, and a word with no match says so.
    await page.setViewportSize(PHONE);
    await expect(box).toBeInViewport();
    await box.fill('xylophonezebra');
    await box.press('Enter');
    await expect(panel.getByText('No messages found', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/search-none-phone.png` });
    await box.fill('llama');
    await box.press('Enter');
    await expect(panel.getByRole('button', { name: /llama/ })).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/search-results-phone.png` });
    await audit(page, 'the conversation', { include: 'main' });
    await bob.context.close();
  });

  test('an @mention picked from the list by keyboard reaches the other member as a mention that stands out', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const bob = await secondMember(browser, request, room.id);
    const bobName = bob.credentials.username;
    await openRoom(page, room.id);
    await openRoom(bob.page, room.id);
    await send(bob.page, 'Anyone free to review?');
    await expect(rowsSaying(page, 'Anyone free to review?')).toHaveCount(1);

    const input = page.getByPlaceholder('Message...');
    await input.fill('');
    await input.pressSequentially('Sure @bo');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option', { name: `@${bobName}` })).toBeVisible();
    await input.press('ArrowDown');
    await input.press('ArrowUp');
    await expect(list.getByRole('option', { name: `@${bobName}` })).toHaveAttribute('aria-selected', 'true');
    await audit(page, 'the conversation', { include: 'main' });
    await page.screenshot({ path: `${SHOTS}/mention-list-desktop.png` });
    await input.press('Enter');
    await expect(list).toHaveCount(0);
    await expect(input).toHaveValue(`Sure @${bobName} `);
    // Escape closes a list opened again, and the text stays.
    await input.pressSequentially('@');
    await expect(page.getByRole('listbox')).toBeVisible();
    await input.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await input.press('Backspace');
    await input.pressSequentially('I can look at it');
    await input.press('Enter');

    const text = `Sure @${bobName} I can look at it`;
    const mine = rowsSaying(bob.page, text);
    await expect(mine).toHaveCount(1);
    await expect(mine).toHaveAttribute('data-mentions-me', 'true');
    await expect(mine.getByText('Mentions you')).toBeAttached();
    await expect(mine.locator('[data-mention]')).toHaveText(`@${bobName}`);
    // The author sees the mention, but the row does not stand out for them.
    await expect(rowsSaying(page, text).locator('[data-mention]')).toHaveText(`@${bobName}`);
    await expect(rowsSaying(page, text)).not.toHaveAttribute('data-mentions-me', 'true');
    await audit(bob.page, 'the conversation', { include: 'main' });
    await bob.page.setViewportSize(DESKTOP);
    await bob.page.screenshot({ path: `${SHOTS}/mention-desktop.png` });
    await bob.page.setViewportSize(PHONE);
    await bob.page.screenshot({ path: `${SHOTS}/mention-phone.png` });
    await bob.context.close();
  });

  test("a room with unread messages opens at 'New messages' above the first unread one, not at the bottom", async ({
    userPage: page,
    request,
    token,
    user,
    browser,
  }) => {
    const room = await createRoom(request, token);
    await seedMessages(page.request, room.id, { count: 30, prefix: 'Read before', username: user.username });
    const bob = await secondMember(browser, request, room.id);
    await bob.page.setViewportSize(PHONE);
    await openRoom(bob.page, room.id);
    await expect(bob.page.getByText('New messages', { exact: true })).toHaveCount(0);
    await bob.page.goto('/');

    // 120 arrive while bob is away: more than the opening page.
    await seedMessages(page.request, room.id, { count: 120, prefix: 'Unread', username: user.username });
    const marked = bob.page.waitForResponse(
      (response) => response.url().endsWith(`chatrooms/${room.id}/read`) && response.ok(),
    );
    await openRoom(bob.page, room.id);
    const divider = feed(bob.page).getByText('New messages', { exact: true });
    await expect(divider).toBeInViewport();
    await expect(rowsSaying(bob.page, 'Unread 1')).toBeInViewport();
    await expect(rowsSaying(bob.page, 'Unread 1').getByText('New messages', { exact: true })).toHaveCount(1);
    await expect(rowsSaying(bob.page, 'Unread 120')).not.toBeInViewport();
    await audit(bob.page, 'the conversation', { include: 'main' });
    await bob.page.screenshot({ path: `${SHOTS}/divider-phone.png` });
    await bob.page.setViewportSize(DESKTOP);
    await bob.page.screenshot({ path: `${SHOTS}/divider-desktop.png` });

    // Read now: the divider stays put while the room is open, and the next visit opens at the bottom.
    await marked;
    await expect(divider).toBeInViewport();
    await send(bob.page, 'Caught up');
    await bob.page.reload();
    await expect(bob.page.getByRole('heading', { name: /^Chat Room: / })).toBeVisible();
    await expect(rowsSaying(bob.page, 'Caught up')).toBeInViewport();
    await expect(bob.page.getByText('New messages', { exact: true })).toHaveCount(0);
    await bob.context.close();
  });
});
