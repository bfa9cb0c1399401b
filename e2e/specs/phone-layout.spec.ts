import { randomUUID } from 'node:crypto';
import { routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import { createRoom, postMessage } from '../support/api';
import { feed, openRoom } from '../support/chat';
import { expect, test } from '../support/fixtures';

const PHONE = { width: 375, height: 667 };

test.use({ viewport: PHONE });

/** Reflow (WCAG 1.4.10): nothing on the screen needs scrolling sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

async function expectMessageBarInView(page: Page) {
  await expect(page.getByPlaceholder('Message...')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Upload image' })).toBeInViewport({ ratio: 1 });
}

/** A long name with a long unbroken word, what a real room list holds sooner or later; unique to the test. */
const longName = () => `Weekend-hiking-and-mountaineering-club ${'x'.repeat(40)} ${randomUUID().slice(0, 8)}`;

test.describe('a 375×667 phone', { tag: '@a11y' }, () => {
  test('the login screen fits', async ({ page }) => {
    await page.goto(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
  });

  test('the room list and the Create Room modal fit', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token, {
      name: longName(),
      description: 'A long description. '.repeat(8),
    });
    await page.goto(routes.home);
    await expect(page.getByRole('listitem').filter({ hasText: room.name })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Create Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Room' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
  });

  test('the chat room fits, with the message bar always in view', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token, { name: longName() });
    await postMessage(request, token, room.id, `A-very-long-unbroken-word-${'y'.repeat(120)}`);
    for (let index = 1; index <= 20; index++) await postMessage(request, token, room.id, `message ${index}`);

    await openRoom(page, room.id);
    await expect(feed(page).getByText('message 20', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectMessageBarInView(page);

    // Reading back in history, or with the page itself scrolled, the bar stays where it is.
    await feed(page).evaluate((element) => {
      element.scrollTop = 0;
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectMessageBarInView(page);
    await expectNoSidewaysScroll(page);
  });

  test('an empty chat room and Not Found fit too', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    await expect(page.getByText('No messages yet')).toBeVisible();
    await expectMessageBarInView(page);
    await expectNoSidewaysScroll(page);

    await page.goto('/no/such/page');
    await expect(page.getByText('Not Found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back Home' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
  });
});
