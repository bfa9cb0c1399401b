import type { Room } from '@chat/shared/schemas';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_URL, bearer } from './api';

/** The 'Your rooms' panel: a navigation landmark. */
export const yourRooms = (page: Page) => page.getByRole('navigation', { name: 'Your rooms' });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The panel's link for a room or a direct message: its accessible name starts with the name shown. */
export const entry = (page: Page, name: string) =>
  yourRooms(page).getByRole('link', { name: new RegExp(`^${escaped(name)}`) });

/** A direct message's name as a member sees it: the others' usernames, case-insensitively sorted, ', '-joined. */
export const directName = (others: string[]) =>
  [...others].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).join(', ');

/** POST direct-messages: the conversation with `usernames` (the existing one if there is one). */
export async function startDirectMessage(
  request: APIRequestContext,
  token: string,
  usernames: string[],
): Promise<Room> {
  const response = await request.post(`${API_URL}direct-messages`, {
    data: { usernames },
    headers: bearer(token),
  });
  if (!response.ok())
    throw new Error(`POST direct-messages answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Room;
}

/** Records every join request a page makes (POST …/join), to prove a switch makes none. */
export function recordJoins(page: Page): string[] {
  const joins: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/join(\?|$)/.test(request.url())) joins.push(request.url());
  });
  return joins;
}

/** A marker on `window` that only a page load removes. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
}

export const windowMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

/** Reflow: nothing needs scrolling sideways. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
