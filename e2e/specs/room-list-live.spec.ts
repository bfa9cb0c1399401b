import { randomUUID } from 'node:crypto';
import type { Room } from '@chat/shared/schemas';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_URL, APP_URL, bearer, createUser, joinRoom, loginToken } from '../support/api';
import { expect, signIn, test } from '../support/fixtures';

test.use({ baseURL: APP_URL });

const rowNamed = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').filter({ hasText: name });

async function roomNamed(request: APIRequestContext, token: string, name: string): Promise<Room> {
  const rooms = (await (
    await request.get(`${API_URL}chatrooms`, { headers: bearer(token) })
  ).json()) as Room[];
  const room = rooms.find((candidate) => candidate.name === name);
  if (!room) throw new Error(`no room named ${name}`);
  return room;
}

test.describe('the live room list', () => {
  test('a room someone else creates appears within 2 s, and its member count follows joins and leaves', async ({
    userPage: page,
    request,
    browser,
  }) => {
    const bobToken = await loginToken(request, await createUser(request, 'bob'));
    const bobContext = await browser.newContext({ baseURL: APP_URL });
    await signIn(bobContext, bobToken);
    const bobPage = await bobContext.newPage();
    await page.goto('/');
    await expect(page.getByText('Room Lists')).toBeVisible();
    await bobPage.goto('/');

    const name = `Live ${randomUUID().slice(0, 8)}`;
    await bobPage.getByRole('button', { name: 'Create Room' }).click();
    const dialog = bobPage.getByRole('dialog', { name: 'Create Room' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Made while others watch');
    await dialog.getByLabel('Max Members').fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const created = Date.now();

    const row = rowNamed(page, name);
    await expect(row).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - created).toBeLessThan(2_000);
    await expect(row).toContainText('Made while others watch');
    await expect(row.getByLabel('1 of 10 members')).toBeVisible();
    await expect(row.getByText('Joined', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').first()).toContainText(name);

    const room = await roomNamed(request, bobToken, name);
    const carolToken = await loginToken(request, await createUser(request, 'carol'));
    await joinRoom(request, carolToken, room.id);
    await expect(row.getByLabel('2 of 10 members')).toBeVisible({ timeout: 2_000 });
    await request.post(`${API_URL}chatrooms/${room.id}/leave`, { headers: bearer(carolToken) });
    await expect(row.getByLabel('1 of 10 members')).toBeVisible({ timeout: 2_000 });
    await bobContext.close();
  });
});
