import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { APP_URL, type Credentials, createRoom, createUser, joinRoom, loginToken } from './api';
import { openRoom } from './chat';
import { signIn } from './fixtures';

/**
 * Another user ('bob…') in a browser context of their own, signed in through the API; already a member of
 * `roomId` when one is given. Close `context` when done.
 */
export async function secondMember(browser: Browser, request: APIRequestContext, roomId?: number) {
  const credentials: Credentials = await createUser(request, 'bob');
  const token = await loginToken(request, credentials);
  if (roomId !== undefined) await joinRoom(request, token, roomId);
  const context = await browser.newContext({ baseURL: APP_URL });
  await signIn(context, token);
  return { credentials, token, context, page: await context.newPage() };
}

/** A new room with the test's user and bob in it, each with it open in a browser of their own. */
export async function bothInTheRoom(page: Page, browser: Browser, request: APIRequestContext, token: string) {
  const room = await createRoom(request, token);
  const bob = await secondMember(browser, request, room.id);
  await openRoom(page, room.id);
  await openRoom(bob.page, room.id);
  return { room, bob };
}
