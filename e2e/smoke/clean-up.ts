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
 * Deletes the room as whoever owns it (the account that made it). `false` where this token may not (`403`) or the
 * deployment's API has no such route yet (`404`, `405`: an older release).
 */
async function deleteRoom(request: APIRequestContext, roomId: number, token: string): Promise<boolean> {
  const response = await request.delete(`${API_URL}chatrooms/${roomId}`, { headers: bearer(token) });
  if (response.ok()) return true;
  if ([403, 404, 405].includes(response.status())) return false;
  throw new Error(`DELETE chatrooms/${roomId} answered ${response.status()}`);
}

/**
 * Undoes what a smoke run did, as far as the API allows: the room the run made is deleted by its owner; an older
 * API has no route for that, so there both accounts leave it (it stays, empty, its name saying what made it and
 * when). Every token the run signed in with is revoked. `members` are the two accounts' API tokens; `others` further tokens (the login form's).
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
  let deleted = false;
  for (const { username, token } of room ? members : [])
    if (!deleted)
      await attempt(`${username} deleting "${roomName}"`, async () => {
        deleted = await deleteRoom(request, room?.id ?? 0, token);
      });
  // No room: the journey failed before it was created.
  for (const { username, token } of room && !deleted ? members : [])
    await attempt(`${username} leaving "${roomName}"`, () =>
      post(request, `chatrooms/${room?.id}/leave`, token),
    );
  for (const token of [...members.map((member) => member.token), ...others])
    if (token) await attempt('signing out', () => post(request, 'auth/logout', token));
  return problems;
}
