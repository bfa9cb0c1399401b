import { routes } from '@chat/shared/constants';
import { expect, type Page } from '@playwright/test';

/** The chat room's message feed and the rows in it, as a reader finds them. */
export const feed = (page: Page) => page.getByRole('feed', { name: 'Messages' });

/** The rows whose text is exactly `text`: a message shown twice would be two. */
export const rowsSaying = (page: Page, text: string) =>
  feed(page)
    .getByRole('article')
    .filter({ has: page.getByText(text, { exact: true }) });

/**
 * The feed's scroll box whatever it holds: an empty room's is a group (a feed owns articles only), so
 * waiting for the opening page goes by its name.
 */
const messages = (page: Page) => page.getByLabel('Messages', { exact: true });

export async function openRoom(page: Page, roomId: number): Promise<void> {
  await page.goto(routes.room(roomId));
  await expect(page.getByRole('heading', { name: /^Chat Room: / })).toBeVisible();
  await expect(messages(page)).toHaveAttribute('aria-busy', 'false');
}

export async function send(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Message...').fill(text);
  await page.getByPlaceholder('Message...').press('Enter');
}
