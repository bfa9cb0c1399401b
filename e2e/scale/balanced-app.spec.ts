import { routes } from '@chat/shared/constants';
import { APP_URL, createRoom, createUser, joinRoom, loginToken } from '../support/api';
import { openRoom, rowsSaying, send } from '../support/chat';
import { expect, signIn, test } from '../support/fixtures';
import { scaleStack } from '../support/stack';

test.use({ baseURL: APP_URL });

/**
 * The app as `pnpm start:scale` serves it: one shell whose /config.json names the balancers. Requests
 * alternate between the API processes, so signing in also shows the XSRF cookie one process sets is accepted
 * by the other (they share APP_KEY), and two browsers' sockets land on the two Soketi nodes in turn.
 */
test('signs in and chats through the balancers', async ({ page, browser, request, user }) => {
  const config = (await (await request.get(`${APP_URL}/config.json`)).json()) as {
    apiUrl: string;
    websocket: { port: number };
  };
  expect(new URL(config.apiUrl).port).toBe(String(scaleStack.api));
  expect(config.websocket.port).toBe(scaleStack.websocket);

  await page.goto(routes.login);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Room Lists')).toBeVisible();

  const token = await loginToken(request, user);
  const room = await createRoom(request, token);
  const other = await browser.newContext({ baseURL: APP_URL });
  try {
    const friend = await createUser(request, 'friend');
    const friendToken = await loginToken(request, friend);
    await joinRoom(request, friendToken, room.id);
    await signIn(other, friendToken);
    const friendPage = await other.newPage();

    await openRoom(page, room.id);
    await openRoom(friendPage, room.id);
    await send(page, 'through the balancers');
    await expect(rowsSaying(friendPage, 'through the balancers')).toHaveCount(1);
    await send(friendPage, 'and back');
    await expect(rowsSaying(page, 'and back')).toHaveCount(1);
  } finally {
    await other.close();
  }
});
