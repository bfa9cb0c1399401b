import type { Page } from '@playwright/test';
import { APP_URL, createRoom } from '../support/api';
import { openRoom, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

test.use({ baseURL: APP_URL });

/** The 'Online' panel's entries, as a reader finds them. */
const online = (page: Page) => page.getByRole('region', { name: 'Online' }).getByRole('listitem');
const typing = (page: Page) => page.getByRole('status').filter({ hasText: 'is typing…' });

test.describe('who is here and who is typing', () => {
  test("'Online' lists both members while both have the room open; one closes it, and is gone", async ({
    userPage: page,
    request,
    token,
    user,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const bob = await secondMember(browser, request);

    await openRoom(page, room.id);
    await expect(online(page)).toHaveCount(1);
    await expect(online(page)).toContainText([user.username]);

    await openRoom(bob.page, room.id);
    await expect(online(page)).toHaveCount(2);
    await expect(online(page).filter({ hasText: bob.credentials.username })).toHaveCount(1);
    await expect(online(bob.page)).toHaveCount(2);
    await expect(online(bob.page).filter({ hasText: user.username })).toHaveCount(1);

    await bob.page.close();
    await expect(online(page)).toHaveCount(1);
    await expect(online(page).filter({ hasText: bob.credentials.username })).toHaveCount(0);
    await bob.context.close();
  });

  test("'{username} is typing…' shows for the other member and goes within 3 s of stopping, at once on send", async ({
    userPage: page,
    request,
    token,
    user,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const bob = await secondMember(browser, request);
    await openRoom(page, room.id);
    await openRoom(bob.page, room.id);
    await expect(online(page)).toHaveCount(2);

    const input = bob.page.getByPlaceholder('Message...');
    await input.pressSequentially('Hello the', { delay: 50 });
    const stoppedAt = Date.now();
    await expect(typing(page)).toHaveText(`${bob.credentials.username} is typing…`);
    // Never to the typist: their own screen says nothing.
    await expect(typing(bob.page)).toHaveCount(0);

    // Stopped: gone within 3 s of the last key.
    await expect(typing(page)).toHaveCount(0, { timeout: 3_000 });
    expect(Date.now() - stoppedAt).toBeLessThan(3_000);

    // Typing again, then sending: gone with the message, not seconds later.
    await input.pressSequentially('re', { delay: 50 });
    await expect(typing(page)).toHaveText(`${bob.credentials.username} is typing…`);
    await input.press('Enter');
    await expect(page.getByText('Hello there', { exact: true })).toBeVisible();
    await expect(typing(page)).toHaveCount(0, { timeout: 1_000 });

    // And the other way round.
    await page.getByPlaceholder('Message...').pressSequentially('Hi', { delay: 50 });
    await expect(typing(bob.page)).toHaveText(`${user.username} is typing…`);
    await send(page, 'Hi Bob');
    await expect(typing(bob.page)).toHaveCount(0, { timeout: 1_000 });
    await bob.context.close();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("'Online' takes one line: the message bar stays on screen and nothing scrolls sideways", async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const others = await Promise.all([1, 2, 3].map(() => secondMember(browser, request)));
    await openRoom(page, room.id);
    for (const other of others) await openRoom(other.page, room.id);
    await expect(online(page)).toHaveCount(4);

    const bar = page.getByRole('button', { name: 'Send' });
    await expect(bar).toBeInViewport();
    const box = await page.getByRole('region', { name: 'Online' }).boundingBox();
    expect(box?.height).toBeLessThanOrEqual(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await others[0]?.page.getByPlaceholder('Message...').pressSequentially('Hi', { delay: 50 });
    await expect(typing(page)).toBeInViewport();
    await expect(bar).toBeInViewport();
    for (const other of others) await other.context.close();
  });
});
