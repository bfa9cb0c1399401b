import { routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import {
  API_URL,
  APP_URL,
  bearer,
  createRoom,
  createUser,
  joinRoom,
  loginToken,
  postMessage,
} from '../support/api';
import { openRoom, rowsSaying } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { entry } from '../support/your-rooms';

test.use({ baseURL: APP_URL });

const messageField = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const roomRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('draft.')));

test.describe('Drafts', () => {
  test("survive a reload with the message they answer, say 'Draft' in 'Your rooms' and the room list, and go once sent", async ({
    userPage: page,
    request,
    token,
  }) => {
    const bobToken = await loginToken(request, await createUser(request, 'bob'));
    const alpha = await createRoom(request, bobToken, { name: `Alpha ${Date.now()}` });
    const beta = await createRoom(request, token, { name: `Beta ${Date.now()}` });
    await joinRoom(request, token, alpha.id);
    await postMessage(request, bobToken, alpha.id, 'Who brings the cake?');

    await openRoom(page, alpha.id);
    await rowsSaying(page, 'Who brings the cake?').hover();
    await rowsSaying(page, 'Who brings the cake?').getByRole('button', { name: 'Reply' }).click();
    await messageField(page).fill('I will');
    await expect(entry(page, alpha.name).getByText('Draft', { exact: true })).toBeVisible();
    await expect(entry(page, beta.name).getByText('Draft', { exact: true })).toHaveCount(0);

    await page.reload();
    await expect(messageField(page)).toHaveValue('I will');
    await expect(page.getByText(/^Replying to/)).toContainText('bob');

    await page.goto(routes.home);
    await expect(roomRow(page, alpha.name).getByText('Draft', { exact: true })).toBeVisible();
    await expect(roomRow(page, beta.name).getByText('Draft', { exact: true })).toHaveCount(0);

    await entry(page, alpha.name).click();
    await expect(messageField(page)).toHaveValue('I will');
    await messageField(page).press('Enter');
    const reply = rowsSaying(page, 'I will');
    await expect(reply).toBeVisible();
    await expect(reply).toContainText('Who brings the cake?');
    await expect(entry(page, alpha.name).getByText('Draft', { exact: true })).toHaveCount(0);
    await expect(page.getByText(/^Replying to/)).toHaveCount(0);
    expect(await draftKeys(page)).toEqual([]);
  });

  test('are dropped when the user is removed from the room, even with the room closed', async ({
    userPage: page,
    request,
    token,
  }) => {
    const bobToken = await loginToken(request, await createUser(request, 'bob'));
    const room = await createRoom(request, bobToken, { name: `Gamma ${Date.now()}` });
    await joinRoom(request, token, room.id);
    await openRoom(page, room.id);
    await messageField(page).fill('never sent');
    await expect(entry(page, room.name).getByText('Draft', { exact: true })).toBeVisible();
    await page.goto(routes.home);
    await expect(roomRow(page, room.name).getByText('Draft', { exact: true })).toBeVisible();
    expect(await draftKeys(page)).toHaveLength(1);

    const me = await (await request.get(`${API_URL}me`, { headers: bearer(token) })).json();
    const removed = await request.delete(`${API_URL}chatrooms/${room.id}/members/${me.id}`, {
      headers: bearer(bobToken),
    });
    expect(removed.status()).toBe(204);
    await expect(roomRow(page, room.name).getByText('Draft', { exact: true })).toHaveCount(0);
    await expect.poll(() => draftKeys(page)).toEqual([]);
  });
});
