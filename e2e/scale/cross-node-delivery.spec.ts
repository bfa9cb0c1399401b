import type { Message } from '@chat/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { bearer, createRoom, createUser, joinRoom, loginToken } from '../support/api';
import type { AppServer } from '../support/app-server';
import { signSubscription } from '../support/channel-cases';
import { openRoom, rowsSaying, send } from '../support/chat';
import { expect, signIn, test } from '../support/fixtures';
import { documentIsMarked, markDocument } from '../support/page-marks';
import { PusherProbe } from '../support/pusher-probe';
import {
  apiProcessOrigin,
  apiProcessUrl,
  scaleLayout,
  serveShellOnNode,
  soketiNodeUrl,
} from '../support/scale';
import { origin, scaleStack } from '../support/stack';

/** POST a message through one API process in particular, past the balancer. */
async function postThrough(
  request: APIRequestContext,
  apiPort: number,
  token: string,
  roomId: number,
  content: string,
): Promise<Message> {
  const response = await request.post(`${apiProcessUrl(apiPort)}chatrooms/${roomId}/messages`, {
    data: { content },
    headers: bearer(token),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Message;
}

/** Edit (PATCH) or react to (PUT) a message through one API process in particular, past the balancer. */
async function changeThrough(
  request: APIRequestContext,
  apiPort: number,
  token: string,
  method: 'PATCH' | 'PUT',
  path: string,
  data?: object,
): Promise<void> {
  const response = await request.fetch(`${apiProcessUrl(apiPort)}${path}`, {
    method,
    data,
    headers: bearer(token),
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface Reader {
  name: string;
  page: Page;
  /** The websocket addresses the page opened, and every frame they received. */
  sockets: string[];
  frames: string[];
  close(): Promise<void>;
}

/**
 * A member's browser on `shell` (pinned to one Soketi node), in the room, once its socket is on the room's
 * channel: a message sent before that would reach the page by its catch-up read, not live.
 */
async function readerOn(
  name: string,
  browser: Browser,
  shell: AppServer,
  token: string,
  roomId: number,
): Promise<Reader> {
  const context = await browser.newContext({ baseURL: shell.url });
  await signIn(context, token);
  const page = await context.newPage();
  const reader: Reader = { name, page, sockets: [], frames: [], close: () => context.close() };
  page.on('websocket', (socket) => {
    reader.sockets.push(socket.url());
    socket.on('framereceived', ({ payload }) => reader.frames.push(String(payload)));
  });
  await openRoom(page, roomId);
  const subscribed = (frame: string) => {
    const { event, channel } = JSON.parse(frame) as { event: string; channel?: string };
    return event === 'pusher_internal:subscription_succeeded' && channel === `private-chatroom.${roomId}`;
  };
  await expect.poll(() => reader.frames.some(subscribed)).toBe(true);
  return reader;
}

/** The `App\Events\{name}` events about `messageId` that a reader's socket was handed on the room's channel. */
function roomEvents(reader: Reader, roomId: number, name: string, messageId: number): unknown[] {
  return reader.frames
    .map((frame) => JSON.parse(frame) as { event: string; channel?: string; data?: string })
    .filter(
      ({ event, channel }) => channel === `private-chatroom.${roomId}` && event === `App\\Events\\${name}`,
    )
    .map(({ data }) => JSON.parse(data ?? '{}') as { message_id?: number })
    .filter((data) => data.message_id === messageId);
}

const [apiA, apiB] = scaleLayout.apiProcesses as [number, number];
const [nodeA, nodeB] = scaleLayout.soketiNodes.map((node) => node.port) as [number, number];

test('a message sent through either API process reaches browsers on both Soketi nodes, once', async ({
  browser,
  request,
}) => {
  const [ann, ben] = [await createUser(request, 'ann'), await createUser(request, 'ben')];
  const [annToken, benToken] = [await loginToken(request, ann), await loginToken(request, ben)];
  const room = await createRoom(request, annToken);
  await joinRoom(request, benToken, room.id);

  const shells = [await serveShellOnNode(0), await serveShellOnNode(1)] as const;
  const readers: Reader[] = [];
  try {
    const onA = await readerOn('the browser on node A', browser, shells[0], annToken, room.id);
    readers.push(onA);
    const onB = await readerOn('the browser on node B', browser, shells[1], benToken, room.id);
    readers.push(onB);
    expect(onA.sockets.map((url) => new URL(url).port)).toEqual([String(nodeA)]);
    expect(onB.sockets.map((url) => new URL(url).port)).toEqual([String(nodeB)]);

    // API process i publishes to node i: each of these crosses Redis to reach the other node's browser.
    await postThrough(request, apiA, annToken, room.id, 'posted through API process A');
    await postThrough(request, apiB, benToken, room.id, 'posted through API process B');
    await send(onA.page, 'typed on Soketi node A');
    await send(onB.page, 'typed on Soketi node B');
    const texts = [
      'posted through API process A',
      'posted through API process B',
      'typed on Soketi node A',
      'typed on Soketi node B',
    ];
    for (const text of texts) {
      for (const reader of readers) await expect(rowsSaying(reader.page, text)).toHaveCount(1);
    }

    // Live, on the room's own channel (members only) with the message in the event: not a refetch.
    for (const reader of readers) {
      const roomFrames = reader.frames.filter(
        (frame) => (JSON.parse(frame) as { channel?: string }).channel === `private-chatroom.${room.id}`,
      );
      for (const text of texts)
        expect(
          roomFrames.filter((frame) => frame.includes(text)),
          `${reader.name}: ${text}`,
        ).toHaveLength(1);
    }
  } finally {
    for (const reader of readers) await reader.close();
    for (const shell of shells) await shell.stop();
  }
});

test("a room's presence and its members' whispers cross Soketi nodes", async ({ page, request }) => {
  const [ann, ben] = [await createUser(request, 'ann'), await createUser(request, 'ben')];
  const [annToken, benToken] = [await loginToken(request, ann), await loginToken(request, ben)];
  const room = await createRoom(request, annToken);
  await joinRoom(request, benToken, room.id);
  const channel = `presence-chatroom.${room.id}`;

  await page.goto(`${origin(scaleStack.shell)}/config.json`);
  const [onA, onB] = [
    await PusherProbe.open(page, soketiNodeUrl(0)),
    await PusherProbe.open(page, soketiNodeUrl(1)),
  ];
  const join = async (probe: PusherProbe, token: string, apiPort: number) => {
    const signature = await signSubscription(
      request,
      apiProcessOrigin(apiPort),
      token,
      probe.socketId,
      channel,
    );
    expect(await probe.subscribe(channel, signature.auth, signature.channel_data)).toBe('subscribed');
    return String((JSON.parse(signature.channel_data ?? '{}') as { user_id: number }).user_id);
  };
  const annId = await join(onA, annToken, apiA);
  const benId = await join(onB, benToken, apiB);

  const events = async (probe: PusherProbe, event: string) =>
    (await probe.framesOn(channel)).filter((frame) => frame.event === event);
  // Ben, on node B, is told who is in the room, Ann on node A included; Ann is told Ben arrived.
  const [roster] = await events(onB, 'pusher_internal:subscription_succeeded');
  const present = JSON.parse(String(roster?.data)) as { presence: { ids: (string | number)[] } };
  expect(present.presence.ids.map(String).sort()).toEqual([annId, benId].sort());
  await expect.poll(async () => (await events(onA, 'pusher_internal:member_added')).length).toBe(1);

  await onA.whisper(channel, 'client-typing', { typing: true });
  await expect.poll(async () => (await events(onB, 'client-typing')).length).toBe(1);
  await onB.whisper(channel, 'client-typing', { typing: false });
  await expect.poll(async () => (await events(onA, 'client-typing')).length).toBe(1);
});

test('an edit and a reaction made through one API process reach the browser on the other Soketi node, live', async ({
  browser,
  request,
}) => {
  const [ann, ben] = [await createUser(request, 'ann'), await createUser(request, 'ben')];
  const [annToken, benToken] = [await loginToken(request, ann), await loginToken(request, ben)];
  const room = await createRoom(request, annToken);
  await joinRoom(request, benToken, room.id);
  const annsMessage = await postThrough(request, apiA, annToken, room.id, 'Lunch at noonn?');
  const bensMessage = await postThrough(request, apiB, benToken, room.id, 'Count me in');

  const shells = [await serveShellOnNode(0), await serveShellOnNode(1)] as const;
  const readers: Reader[] = [];
  try {
    const onA = await readerOn("Ann's browser on node A", browser, shells[0], annToken, room.id);
    readers.push(onA);
    const onB = await readerOn("Ben's browser on node B", browser, shells[1], benToken, room.id);
    readers.push(onB);
    for (const reader of readers) {
      await expect(rowsSaying(reader.page, 'Lunch at noonn?')).toHaveCount(1);
      await expect(rowsSaying(reader.page, 'Count me in')).toHaveCount(1);
      await markDocument(reader.page);
    }

    // Ann fixes her typo through API process A, which publishes to node A: Ben on node B has it by way of Redis.
    const messages = `chatrooms/${room.id}/messages`;
    await changeThrough(request, apiA, annToken, 'PATCH', `${messages}/${annsMessage.id}`, {
      content: 'Lunch at noon?',
    });
    for (const reader of [onB, onA]) {
      const row = rowsSaying(reader.page, 'Lunch at noon?');
      await expect(row.getByText('(edited)'), reader.name).toBeVisible();
      await expect(rowsSaying(reader.page, 'Lunch at noonn?'), reader.name).toHaveCount(0);
    }

    // Ben reacts through API process B, which publishes to node B: Ann on node A has it by way of Redis.
    const thumbsUp = `${messages}/${annsMessage.id}/reactions/${encodeURIComponent('👍')}`;
    await changeThrough(request, apiB, benToken, 'PUT', thumbsUp);
    for (const [reader, pressed] of [
      [onA, 'false'],
      [onB, 'true'],
    ] as const) {
      await expect(
        rowsSaying(reader.page, 'Lunch at noon?').getByRole('button', { name: '👍 1' }),
        reader.name,
      ).toHaveAttribute('aria-pressed', pressed);
    }

    // Ben, in his browser on node B (his requests through the API balancer): an edit and a reaction for Ann.
    await rowsSaying(onB.page, 'Count me in').getByRole('button', { name: 'Edit' }).click();
    const field = onB.page.getByRole('textbox', { name: 'Edit message' });
    await field.fill('Count me in, and Cy');
    await field.press('Enter');
    await rowsSaying(onB.page, 'Lunch at noon?').getByRole('button', { name: 'Add reaction' }).click();
    await onB.page
      .getByRole('group', { name: 'Choose a reaction' })
      .getByRole('button', { name: '🎉', exact: true })
      .click();
    const bensEdit = rowsSaying(onA.page, 'Count me in, and Cy');
    await expect(bensEdit.getByText('(edited)')).toBeVisible();
    await expect(rowsSaying(onA.page, 'Count me in')).toHaveCount(0);
    const party = rowsSaying(onA.page, 'Lunch at noon?').getByRole('button', { name: '🎉 1' });
    await expect(party).toHaveAttribute('aria-pressed', 'false');

    // Live: no reload, each socket still the one on its node, and each change handed over once on the room's
    // own channel with its content (the counts, the edited message), not read again.
    for (const reader of readers) {
      expect(await documentIsMarked(reader.page), reader.name).toBe(true);
      expect(reader.sockets, reader.name).toHaveLength(1);
      const handed = () => ({
        annsEdit: roomEvents(reader, room.id, 'MessageUpdated', annsMessage.id).length,
        bensEdit: roomEvents(reader, room.id, 'MessageUpdated', bensMessage.id).length,
        reactions: roomEvents(reader, room.id, 'ReactionChanged', annsMessage.id).length,
      });
      await expect.poll(handed, reader.name).toEqual({ annsEdit: 1, bensEdit: 1, reactions: 2 });
    }
    expect(onA.sockets.map((url) => new URL(url).port)).toEqual([String(nodeA)]);
    expect(onB.sockets.map((url) => new URL(url).port)).toEqual([String(nodeB)]);
  } finally {
    for (const reader of readers) await reader.close();
    for (const shell of shells) await shell.stop();
  }
});
