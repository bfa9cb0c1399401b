import type { Room } from '@chat/shared';
import { ACCESS_TOKEN_COOKIE } from '@chat/shared/constants';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { API_URL, bearer } from '../support/api';

/** The access token a signed-in browser context holds, as the login screen stored it. */
export async function tokenOf(context: BrowserContext): Promise<string | undefined> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === ACCESS_TOKEN_COOKIE)?.value;
}

async function post(request: APIRequestContext, path: string, token: string): Promise<void> {
  const response = await request.post(`${API_URL}${path}`, { headers: bearer(token) });
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}`);
}

/** The room named `roomName` in the room list; undefined when there is none. */
async function findRoom(
  request: APIRequestContext,
  token: string,
  roomName: string,
): Promise<Room | undefined> {
  const response = await request.get(`${API_URL}chatrooms`, { headers: bearer(token) });
  if (!response.ok()) throw new Error(`GET chatrooms answered ${response.status()}`);
  return ((await response.json()) as Room[]).find((room) => room.name === roomName);
}

/**
 * Undoes what a smoke run did, as far as the API allows: no route deletes a room, so both accounts leave the
 * one the run made (it stays, empty, its name saying what made it and when), and every token the run signed
 * in with is revoked. `members` are the two accounts' API tokens; `others` further tokens (the login form's).
 * Returns what it could not do, so a failed clean-up is reported without hiding the journey's own result.
 */
export async function cleanUp(
  request: APIRequestContext,
  roomName: string,
  members: readonly { username: string; token: string }[],
  others: readonly (string | undefined)[],
): Promise<string[]> {
  const problems: string[] = [];
  const attempt = async (what: string, action: () => Promise<unknown>) => {
    await action().catch((error: Error) => problems.push(`${what}: ${error.message}`));
  };
  const [first] = members;
  let room: Room | undefined;
  if (first)
    await attempt(
      `finding "${roomName}"`,
      async () => (room = await findRoom(request, first.token, roomName)),
    );
  // No room: the journey failed before it was created.
  for (const { username, token } of room ? members : [])
    await attempt(`${username} leaving "${roomName}"`, () =>
      post(request, `chatrooms/${room?.id}/leave`, token),
    );
  for (const token of [...members.map((member) => member.token), ...others])
    if (token) await attempt('signing out', () => post(request, 'auth/logout', token));
  return problems;
}
