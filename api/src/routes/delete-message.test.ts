import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Message, RoomMessageSentEvent } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { NOT_A_MEMBER, NOT_THE_AUTHOR } from '../http/refusals';
import { CHAT_CHANNEL, roomChannel } from '../realtime/channels';
import { MESSAGE_DELETED_EVENT } from '../realtime/message-deleted';
import { MESSAGE_SENT_EVENT } from '../realtime/message-sent';
import { PNG_1X1 } from '../testing/images';
import { captureLog } from '../testing/log-capture';
import { multipart } from '../testing/multipart';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

describe('deleting a message', () => {
  let t: TestApp;
  let author: SignedIn;
  let other: SignedIn;
  let outsider: SignedIn;
  let roomId: number;

  const send = async (content: string, who: SignedIn = author, room = roomId) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${room}/messages`,
        headers: who.headers,
        payload: { content },
      })
    ).json() as Message;
  const remove = (messageId: number | string, who: SignedIn = author, room: number | string = roomId) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${room}/messages/${messageId}`,
      headers: who.headers,
    });
  const page = async (query = '') =>
    (
      await t.app.inject({ url: `/api/chatrooms/${roomId}/messages${query}`, headers: other.headers })
    ).json() as Message[];

  beforeAll(async () => {
    t = await createTestApp();
    [author, other, outsider] = [await t.signIn(), await t.signIn(), await t.signIn()];
    roomId = await t.createRoom(author, 'Deletes');
    await t.join(other, roomId);
  });
  afterAll(() => t.close());

  it("deletes its author's message (204): gone from every page, MessageDeleted on both channels", async () => {
    const kept = await send('kept');
    const doomed = await send('doomed');
    const before = t.published.events.length;
    const calls = t.published.calls.length;
    const response = await remove(doomed.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await page()).map((message) => message.id)).toEqual([kept.id]);
    expect(await page(`?after_id=${kept.id}`)).toEqual([]);
    const data = { room_id: roomId, message_id: doomed.id };
    const both = [
      { channel: roomChannel(roomId), event: MESSAGE_DELETED_EVENT, data },
      { channel: CHAT_CHANNEL, event: MESSAGE_DELETED_EVENT, data },
    ];
    expect(t.published.events.slice(before)).toEqual(both);
    // One batch: one request to an external server.
    expect(t.published.calls.slice(calls)).toEqual([both]);
    expect(MESSAGE_DELETED_EVENT).toBe('App\\Events\\MessageDeleted');
    expect((await remove(doomed.id)).statusCode).toBe(404);
  });

  it('keeps the chain: the next message follows the deleted id, and after_id reads skip it', async () => {
    const first = await send('first');
    const doomed = await send('deleted next');
    await remove(doomed.id);
    const before = t.published.events.length;
    const next = await send('after the delete');
    const event = t.published.events
      .slice(before)
      .find(
        (published) => published.channel === roomChannel(roomId) && published.event === MESSAGE_SENT_EVENT,
      )?.data as RoomMessageSentEvent;
    // A reader that held the deleted message holds its id as cursor: this applies without a read. A reader
    // that never saw it reads after its own cursor and meets no trace of it.
    expect(event.previous_id).toBe(doomed.id);
    expect((await page(`?after_id=${first.id}`)).map((message) => message.id)).toEqual([next.id]);
  });

  it("refuses another's message to a member who does not own the room (403), and a non-member (403), and leaves both in place", async () => {
    // (The room's owner, `author`, may delete anyone's: see room-lifecycle.test.)
    const theirs = await send('not yours', author);
    const refused = await remove(theirs.id, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_THE_AUTHOR });
    const mine = await send('mine');
    const stranger = await remove(mine.id, outsider);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: NOT_A_MEMBER });
    // A non-member learns nothing about ids: an unknown one answers the same.
    expect((await remove(999_999, outsider)).json()).toEqual({ message: NOT_A_MEMBER });
    expect((await page()).map((message) => message.id)).toEqual(expect.arrayContaining([theirs.id, mine.id]));
  });

  it('answers 404 for an unknown message, one of another room, an unknown room or a malformed id', async () => {
    const elsewhere = await t.createRoom(author, 'Deletes');
    const there = await send('in the other room', author, elsewhere);
    expect((await remove(there.id, author, roomId)).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect((await remove(there.id, author, 999_999)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      const malformed = await remove(id);
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ message: 'Not Found' });
    }
    expect((await remove(there.id, author, elsewhere)).statusCode).toBe(204);
  });

  it('answers 401 without a token', async () => {
    const message = await send('anonymous try');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/messages/${message.id}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('removes the image file from storage, and its signed link then answers 404', async () => {
    const form = await multipart(
      { content: '' },
      { attachment: { bytes: PNG_1X1, filename: 'dot.png', type: 'image/png' } },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...author.headers, ...form.headers },
      payload: form.payload,
    });
    const image = upload.json() as Message;
    const link = new URL(image.attachment_path as string);
    const name = link.pathname.split('/').at(-1) as string;
    expect(existsSync(join(t.config.storageDir, name))).toBe(true);

    expect((await remove(image.id)).statusCode).toBe(204);
    expect(existsSync(join(t.config.storageDir, name))).toBe(false);
    expect(readdirSync(t.config.storageDir)).not.toContain(name);
    expect((await t.app.inject({ url: link.pathname + link.search })).statusCode).toBe(404);
  });
});

describe('deleting a message when the broadcast fails', () => {
  const log = captureLog();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      publisher: {
        publish: () => Promise.reject(new Error('socket server down')),
        publishBatch: () => Promise.reject(new Error('socket server down')),
        disconnectUser: async () => {},
      },
      logger: log.logger,
    });
  });
  afterAll(() => t.close());

  it('still deletes (204) and logs the failed publish', async () => {
    const author = await t.signIn();
    const roomId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chatrooms',
        headers: author.headers,
        payload: { name: 'Quiet', description: 'd', max_members: 10 },
      })
    ).json().id;
    const message = (
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${roomId}/messages`,
        headers: author.headers,
        payload: { content: 'bye' },
      })
    ).json() as Message;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/messages/${message.id}`,
      headers: author.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(log.lines.some((line) => line.msg === 'MessageDeleted broadcast failed')).toBe(true);
  });
});
