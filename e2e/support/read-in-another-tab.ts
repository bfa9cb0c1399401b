import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { createRoom, createUser, joinRoom, loginToken, postMessage } from './api';
import { openRoom, rowsSaying } from './chat';
import { expect, signIn } from './fixtures';
import { documentIsMarked, markDocument } from './page-marks';

interface Frame {
  event: string;
  channel?: string;
  at: number;
}

/** Every frame a page's sockets receive, and when each GET chatrooms (the room list's read) answered. */
function watch(page: Page) {
  const frames: Frame[] = [];
  const listReads: number[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const { event, channel } = JSON.parse(String(payload)) as Omit<Frame, 'at'>;
      frames.push({ event, channel, at: Date.now() });
    }),
  );
  page.on('response', (response) => {
    if (response.request().method() === 'GET' && new URL(response.url()).pathname.endsWith('/api/chatrooms'))
      listReads.push(Date.now());
  });
  return { frames, listReads };
}

const subscribedAt = (frames: Frame[], channel: (name: string) => boolean) =>
  frames.find((f) => f.event === 'pusher_internal:subscription_succeeded' && channel(f.channel ?? ''))?.at;

/**
 * Two tabs of one user (two pages of `context`, signed in here with `token`): the room list in tab A shows
 * '2 unread' for a room; tab B opens the room; A's badge goes without a reload, by the RoomRead its socket
 * hears on the user's own channel. A has subscribed and re-read its list before B opens the room, so its own
 * subscription's read cannot be what clears it.
 */
export async function readInAnotherTab(context: BrowserContext, request: APIRequestContext, token: string) {
  const bob = await loginToken(request, await createUser(request, 'bob'));
  const room = await createRoom(request, bob, { name: `Read in another tab ${Date.now()}` });
  await joinRoom(request, token, room.id);
  for (const text of ['one', 'two']) await postMessage(request, bob, room.id, text);

  await signIn(context, token);
  const tabA = await context.newPage();
  const heard = watch(tabA);
  await tabA.goto('/');
  const row = tabA.getByRole('list', { name: 'Rooms' }).getByRole('listitem').filter({ hasText: room.name });
  await expect(row.getByRole('img', { name: '2 unread' })).toBeVisible();
  await expect
    .poll(
      () => {
        const listening = subscribedAt(heard.frames, (name) => name.startsWith('private-App.Models.User.'));
        const subscribed = subscribedAt(heard.frames, (name) => name === 'private-chatroom');
        return (
          listening !== undefined && subscribed !== undefined && heard.listReads.some((at) => at > subscribed)
        );
      },
      { message: 'tab A listens on its channels and read its list again once subscribed' },
    )
    .toBe(true);
  await markDocument(tabA);

  const tabB = await context.newPage();
  await openRoom(tabB, room.id);
  await expect(rowsSaying(tabB, 'two')).toBeVisible();

  await expect(row.getByRole('img', { name: /unread$/ })).toHaveCount(0);
  expect(await documentIsMarked(tabA)).toBe(true);
  expect(
    heard.frames.some(
      (f) => f.event === 'App\\Events\\RoomRead' && f.channel?.startsWith('private-App.Models.User.'),
    ),
  ).toBe(true);
  await tabB.close();
  await tabA.close();
}
