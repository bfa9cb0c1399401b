import type { Room } from '@chat/shared/schemas';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_URL, APP_URL, bearer, createRoom, postMessage, seedMessages } from '../support/api';
import { feed, openRoom, rowsSaying } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

// Search and unread, finished: back to the latest from anywhere, a glance counts as read, a quote follows
// its original.
test.use({ baseURL: APP_URL });

const SHOTS = process.env.E2E_SHOTS;

const jumpButton = (page: Page) => page.getByRole('button', { name: /^Jump to latest/ });

/** A room of 41 messages, all in the opening page: 'The llama…' first, then 40 by its creator. */
async function roomWithHistory(request: APIRequestContext, token: string, username: string) {
  const room = await createRoom(request, token);
  const first = await postMessage(request, token, room.id, 'The llama left the barn at dawn');
  await seedMessages(request, room.id, { count: 40, prefix: 'Filler', username });
  return { room, first };
}

test.describe('back to the latest', () => {
  test("'Jump to latest' after a search result in the loaded history, counting what arrives meanwhile", async ({
    userPage: page,
    request,
    token,
    user,
    browser,
  }) => {
    const { room } = await roomWithHistory(request, token, user.username);
    const bob = await secondMember(browser, request, room.id);
    await openRoom(page, room.id);
    await expect(rowsSaying(page, 'Filler 40')).toBeInViewport();
    await expect(jumpButton(page)).toHaveCount(0);

    const box = page.getByRole('searchbox', { name: 'Search messages' });
    await box.fill('llama');
    await box.press('Enter');
    await page
      .getByRole('region', { name: 'Search results' })
      .getByRole('button', { name: /The llama left the barn at dawn/ })
      .click();
    await expect(rowsSaying(page, 'The llama left the barn at dawn')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Jump to latest', exact: true })).toBeVisible();

    await postMessage(request, bob.token, room.id, 'Live while you were away');
    await expect(page.getByRole('button', { name: 'Jump to latest, 1 new', exact: true })).toBeVisible();
    await expect(rowsSaying(page, 'The llama left the barn at dawn')).toBeInViewport();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/jump-to-latest-desktop.png` });
    await page.getByRole('button', { name: 'Jump to latest, 1 new', exact: true }).click();
    await expect(rowsSaying(page, 'Live while you were away')).toBeInViewport();
    await expect(rowsSaying(page, 'Live while you were away')).toHaveCount(1);
    await expect(jumpButton(page)).toHaveCount(0);
    await bob.context.close();
  });

  test("'Jump to latest' after a reply's quote, and after scrolling up by hand, where End does the same", async ({
    userPage: page,
    request,
    token,
    user,
  }) => {
    const { room, first } = await roomWithHistory(request, token, user.username);
    const reply = await request.post(`${API_URL}chatrooms/${room.id}/messages`, {
      data: { content: 'Answering the llama', reply_to_id: first.id },
      headers: bearer(token),
    });
    expect(reply.status()).toBe(201);
    await openRoom(page, room.id);
    await rowsSaying(page, 'Answering the llama')
      .getByRole('button', { name: /Show the original/ })
      .click();
    await expect(rowsSaying(page, 'The llama left the barn at dawn')).toBeInViewport();
    await expect(jumpButton(page)).toHaveText('Jump to latest');
    // At phone size too (the quote was under the 'You joined' toast there, so it was activated at desktop size).
    await page.setViewportSize({ width: 375, height: 667 });
    await expect(jumpButton(page)).toBeInViewport();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/jump-to-latest-phone.png` });
    // The toast covers the phone's foot for its few seconds: back at desktop size to press it.
    await page.setViewportSize({ width: 1280, height: 720 });
    await jumpButton(page).click();
    await expect(rowsSaying(page, 'Answering the llama')).toBeInViewport();
    await expect(jumpButton(page)).toHaveCount(0);

    // By hand: up more than a screen, then the keyboard brings the newest back.
    await feed(page).evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(jumpButton(page)).toBeVisible();
    await feed(page).focus();
    await page.keyboard.press('End');
    await expect(rowsSaying(page, 'Answering the llama')).toBeInViewport();
    await expect(jumpButton(page)).toHaveCount(0);
  });

  test("the keyboard reaches it: it follows the feed in the page's order", async ({
    userPage: page,
    request,
    token,
    user,
  }) => {
    const { room } = await roomWithHistory(request, token, user.username);
    await openRoom(page, room.id);
    await feed(page).evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(jumpButton(page)).toBeVisible();
    // It follows the feed in the page's order: Shift+Tab from the message bar reaches it.
    await page.getByPlaceholder('Message...').focus();
    for (let presses = 0; presses < 4; presses++) {
      if (await jumpButton(page).evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Shift+Tab');
    }
    await expect(jumpButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(rowsSaying(page, 'Filler 40')).toBeInViewport();
    await expect(feed(page)).toBeFocused();
  });
});

const rowOf = (page: Page, room: Room) =>
  page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').filter({ hasText: room.name });

test('opening a room reads what it shows: open, look, reload at once, and the badges are gone', async ({
  userPage: page,
  request,
  token,
  user,
  browser,
}) => {
  const room = await createRoom(request, token, { name: `Glance ${Date.now()}` });
  const bob = await secondMember(browser, request, room.id);
  await postMessage(request, bob.token, room.id, `@${user.username} are you in?`);
  await postMessage(request, bob.token, room.id, `Bring the map, @${user.username}`);

  await page.goto('/');
  await expect(rowOf(page, room).getByRole('img', { name: '2 mentions' })).toBeVisible();
  await openRoom(page, room.id);
  await expect(rowsSaying(page, `Bring the map, @${user.username}`)).toBeInViewport();
  // At once, and as a new page: nothing of the room's page is left to send a read a second later.
  await page.goto('/');
  await expect(rowOf(page, room)).toBeVisible();
  await expect(rowOf(page, room).getByRole('img', { name: /unread$|mentions?$/ })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/glance-read.png` });
  await bob.context.close();
});

test("an edited original updates its reply's quote live, for everyone", async ({
  request,
  token,
  browser,
}) => {
  const room = await createRoom(request, token);
  const bob = await secondMember(browser, request, room.id);
  const original = await postMessage(request, token, room.id, 'Meet at six');
  const reply = await request.post(`${API_URL}chatrooms/${room.id}/messages`, {
    data: { content: 'See you there', reply_to_id: original.id },
    headers: bearer(bob.token),
  });
  expect(reply.status()).toBe(201);
  await openRoom(bob.page, room.id);
  const quote = rowsSaying(bob.page, 'See you there').getByRole('button', { name: /Show the original/ });
  await expect(quote).toContainText('Meet at six');

  const edited = await request.patch(`${API_URL}chatrooms/${room.id}/messages/${original.id}`, {
    data: { content: 'Meet at seven' },
    headers: bearer(token),
  });
  expect(edited.status()).toBe(200);
  await expect(quote).toContainText('Meet at seven');
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/quote-follows-edit.png` });
  await expect(rowsSaying(bob.page, 'Meet at seven')).toHaveCount(1);
  await bob.context.close();
});
