import type { APIRequestContext, Browser } from '@playwright/test';
import { bearer, createRoom, createUser, joinRoom, loginToken } from '../support/api';
import type { AppServer } from '../support/app-server';
import { signSubscription } from '../support/channel-cases';
import { feed, openRoom } from '../support/chat';
import { expect, signIn, test } from '../support/fixtures';
import { apiProcessOrigin, apiProcessUrl, scaleLayout, serveShellOnNode } from '../support/scale';
import { entry } from '../support/your-rooms';

const [apiA] = scaleLayout.apiProcesses as [number, number];
const nodeB = String(scaleLayout.soketiNodes[1]?.port);

/** Soketi sends its own events' data as objects, the app's as JSON strings. */
interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

const dataOf = (frame: Frame) =>
  (typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data) as Record<string, unknown>;

/** A member's browser on a shell pinned to Soketi node B, with every websocket it opens and every frame. */
async function memberOnNodeB(browser: Browser, shell: AppServer, token: string) {
  const context = await browser.newContext({ baseURL: shell.url });
  await signIn(context, token);
  const page = await context.newPage();
  const sockets: string[] = [];
  const frames: Frame[] = [];
  page.on('websocket', (socket) => {
    sockets.push(socket.url());
    socket.on('framereceived', ({ payload }) => frames.push(JSON.parse(String(payload)) as Frame));
  });
  return { context, page, sockets, frames };
}

const subscribedTo = (frames: Frame[], channel: string) =>
  frames.some((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);

/** Through API process A, which publishes to (and ends sockets through) Soketi node A. */
const throughA = (request: APIRequestContext, token: string, method: string, path: string, data?: object) =>
  request.fetch(`${apiProcessUrl(apiA)}${path}`, { method, data, headers: bearer(token) });

async function userId(request: APIRequestContext, token: string): Promise<number> {
  return ((await (await throughA(request, token, 'GET', 'me')).json()) as { id: number }).id;
}

/** Ann owns two rooms, and Ben is a member of both: one to act on, the other to stay live. */
async function twoRoomsOfAnnWithBen(request: APIRequestContext) {
  const [ann, ben] = [await createUser(request, 'ann'), await createUser(request, 'ben')];
  const [annToken, benToken] = [await loginToken(request, ann), await loginToken(request, ben)];
  const room = await createRoom(request, annToken);
  const other = await createRoom(request, annToken);
  for (const id of [room.id, other.id]) await joinRoom(request, benToken, id);
  return { annToken, benToken, room, other };
}

test('a member removed through node A has their tab on node B closed, their socket ended and the room refused, while their other room stays live', async ({
  browser,
  request,
}) => {
  const { annToken, benToken, room, other } = await twoRoomsOfAnnWithBen(request);
  const benId = await userId(request, benToken);

  const shell = await serveShellOnNode(1);
  const member = await memberOnNodeB(browser, shell, benToken);
  try {
    await openRoom(member.page, room.id);
    const roomChannel = `private-chatroom.${room.id}`;
    await expect.poll(() => subscribedTo(member.frames, roomChannel)).toBe(true);
    await expect.poll(() => member.frames.some((f) => f.event === 'pusher:signin_success')).toBe(true);
    expect(member.sockets.map((url) => new URL(url).port)).toEqual([nodeB]);

    const removed = await throughA(request, annToken, 'DELETE', `chatrooms/${room.id}/members/${benId}`);
    expect(removed.status()).toBe(204);
    await expect(member.page.getByText(`You were removed from ${room.name}.`)).toBeVisible();
    await expect(member.page.getByText('Room Lists')).toBeVisible();

    // Soketi ended the signed-in socket (4009), and the page connected again on its own and signed in anew.
    await expect
      .poll(() => member.frames.some((f) => f.event === 'pusher:error' && dataOf(f).code === 4009))
      .toBe(true);
    await expect.poll(() => member.sockets.length).toBe(2);
    await expect.poll(() => member.frames.filter((f) => f.event === 'pusher:signin_success').length).toBe(2);
    const afterRemoval = member.frames.length;

    // Their re-subscription to the room is refused: they are no longer a member.
    const resubscribe = await signSubscription(request, apiProcessOrigin(apiA), benToken, '1.1', roomChannel);
    expect(resubscribe.status).toBe(403);

    // A message in the room after the removal, then one in their other room: the second arriving live (its
    // unread badge, on the page that reconnected by itself) proves the first had its chance (one publisher
    // node, in order), and it never reached their socket.
    const post = (roomId: number, content: string) =>
      throughA(request, annToken, 'POST', `chatrooms/${roomId}/messages`, { content });
    await post(room.id, 'after the removal');
    await post(other.id, 'still live here');
    await expect(entry(member.page, other.name).getByRole('img', { name: '1 unread' })).toBeVisible();
    await entry(member.page, other.name).click();
    await expect(feed(member.page).getByText('still live here')).toBeVisible();
    await post(other.id, 'and live after');
    await expect(feed(member.page).getByText('and live after')).toBeVisible();
    // All on the socket the page opened again by itself: no reload.
    expect(member.sockets).toHaveLength(2);
    const later = member.frames.slice(afterRemoval);
    expect(later.some((f) => f.channel === `private-chatroom.${other.id}`)).toBe(true);
    expect(later.filter((f) => f.channel === roomChannel)).toEqual([]);
    expect(later.filter((f) => JSON.stringify(f).includes('after the removal'))).toEqual([]);
  } finally {
    await member.context.close();
    await shell.stop();
  }
});

test('a room deleted through node A closes for a member on node B and leaves their list live', async ({
  browser,
  request,
}) => {
  const { annToken, benToken, room, other: kept } = await twoRoomsOfAnnWithBen(request);

  const shell = await serveShellOnNode(1);
  const member = await memberOnNodeB(browser, shell, benToken);
  try {
    await openRoom(member.page, room.id);
    await expect.poll(() => subscribedTo(member.frames, `private-chatroom.${room.id}`)).toBe(true);
    expect(member.sockets.map((url) => new URL(url).port)).toEqual([nodeB]);
    await expect(entry(member.page, room.name)).toBeVisible();

    const deleted = await throughA(request, annToken, 'DELETE', `chatrooms/${room.id}`);
    expect(deleted.status()).toBe(204);
    await expect(member.page.getByText('This room was deleted.')).toBeVisible();
    await expect(member.page.getByText('Room Lists')).toBeVisible();
    await expect(entry(member.page, room.name)).toHaveCount(0);
    await expect(entry(member.page, kept.name)).toBeVisible();
    // Nobody's socket was ended for a deletion: the page kept its one connection.
    expect(member.sockets).toHaveLength(1);
  } finally {
    await member.context.close();
    await shell.stop();
  }
});
