import type { APIRequestContext, Browser } from '@playwright/test';
import { APP_URL, type Credentials, createUser, joinRoom, loginToken } from './api';
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
