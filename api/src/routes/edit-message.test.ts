import type { Message, RoomMessageUpdatedEvent } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { CONTENT_REQUIRED, NOT_A_MEMBER, NOT_THE_EDITOR } from '../http/refusals';
import { CHAT_CHANNEL, roomChannel } from '../realtime/channels';
import { MAX_EVENT_BYTES } from '../realtime/message-sent';
import { MESSAGE_UPDATED_EVENT } from '../realtime/message-updated';
import type { PublishedEvent } from '../realtime/publisher';
import { RecordingPublisher } from '../realtime/publisher';
import { PNG_1X1 } from '../testing/images';
import { multipart } from '../testing/multipart';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

const LARAVEL_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

describe('editing a message', () => {
  let t: TestApp;
  let author: SignedIn;
  let other: SignedIn;
  let outsider: SignedIn;
  let roomId: number;
  /** Each MessageUpdated batch, with whether the edit was committed when it was handed over. */
  const batches: { events: PublishedEvent[]; committed: boolean }[] = [];

  const send = async (content: string, who: SignedIn = author, room = roomId) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${room}/messages`,
        headers: who.headers,
        payload: { content },
      })
    ).json() as Message;
  const edit = (messageId: number | string, payload: object, who: SignedIn = author, room: number = roomId) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/chatrooms/${room}/messages/${messageId}`,
      headers: who.headers,
      payload,
    });
  const page = async (who: SignedIn = other, query = '') =>
    (
      await t.app.inject({ url: `/api/chatrooms/${roomId}/messages${query}`, headers: who.headers })
    ).json() as Message[];

  beforeAll(async () => {
    const recorder = new RecordingPublisher();
    t = await createTestApp({
      publisher: {
        publish: (channel, event, data) => recorder.publish(channel, event, data),
        disconnectUser: (userId) => recorder.disconnectUser(userId),
        publishBatch: async (events) => {
          await recorder.publishBatch(events);
          const updated = events.find((published) => published.event === MESSAGE_UPDATED_EVENT);
          if (!updated) return;
          // Read from outside the edit: only committed text is visible here.
          const { message_id, message } = updated.data as RoomMessageUpdatedEvent;
          const { rows } = await sql<{ content: string; edited: boolean }>`
            SELECT content, edited_at IS NOT NULL AS edited FROM messages WHERE id = ${message_id}`.execute(
            t.app.db,
          );
          batches.push({
            events: [...events],
            committed: rows[0]?.edited === true && (message === null || rows[0]?.content === message.content),
          });
        },
      },
    });
    [author, other, outsider] = [await t.signIn(), await t.signIn(), await t.signIn()];
    roomId = await t.createRoom(author, 'Edits');
    await t.join(other, roomId);
  });
  afterAll(() => t.close());

  it("edits its author's message: 200 with edited_at and a higher version, MessageUpdated after the commit", async () => {
    const original = await send('typo');
    expect(original.edited_at).toBeNull();
    const before = batches.length;
    const response = await edit(original.id, { content: '  fixed  ' });
    expect(response.statusCode).toBe(200);
    const edited = response.json() as Message;
    expect(edited).toMatchObject({ id: original.id, content: 'fixed', created_at: original.created_at });
    expect(edited.edited_at).toMatch(LARAVEL_TIMESTAMP);
    expect(edited.version).toBeGreaterThan(original.version as number);
    expect((await page()).find((message) => message.id === original.id)).toEqual(edited);

    expect(batches.slice(before)).toEqual([
      {
        committed: true,
        events: [
          {
            channel: roomChannel(roomId),
            event: MESSAGE_UPDATED_EVENT,
            data: { room_id: roomId, message_id: original.id, version: edited.version, message: edited },
          },
          {
            channel: CHAT_CHANNEL,
            event: MESSAGE_UPDATED_EVENT,
            data: { room_id: roomId, message_id: original.id },
          },
        ],
      },
    ]);
    expect(MESSAGE_UPDATED_EVENT).toBe('App\\Events\\MessageUpdated');
  });

  it("carries the message with every reaction's me false, and null when it would not fit in one event", async () => {
    const message = await send('react then edit');
    await t.app.inject({
      method: 'PUT',
      url: `/api/chatrooms/${roomId}/messages/${message.id}/reactions/${encodeURIComponent('👍')}`,
      headers: author.headers,
    });
    const edited = (await edit(message.id, { content: 'edited' })).json() as Message;
    expect(edited.reactions).toEqual([{ emoji: '👍', count: 1, me: true }]);
    const event = batches.at(-1)?.events[0]?.data as RoomMessageUpdatedEvent;
    expect(event.message?.reactions).toEqual([{ emoji: '👍', count: 1, me: false }]);

    const long = (await edit(message.id, { content: '語'.repeat(5000) })).json() as Message;
    const big = batches.at(-1)?.events[0]?.data as RoomMessageUpdatedEvent;
    expect(big).toEqual({ room_id: roomId, message_id: message.id, version: long.version, message: null });
    expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThan(MAX_EVENT_BYTES);
  });

  it("refuses another's message and a non-member (403), changing and publishing nothing", async () => {
    const theirs = await send('not yours', other);
    const before = batches.length;
    const refused = await edit(theirs.id, { content: 'hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_THE_EDITOR });
    const stranger = await edit(theirs.id, { content: 'hijacked' }, outsider);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: NOT_A_MEMBER });
    expect((await edit(999_999, { content: 'x' }, outsider)).json()).toEqual({ message: NOT_A_MEMBER });
    expect((await page()).find((message) => message.id === theirs.id)).toEqual(theirs);
    expect(batches.length).toBe(before);
  });

  it('answers 404 for an unknown message, one of another room, an unknown room or a malformed id', async () => {
    const elsewhere = await t.createRoom(author, 'Elsewhere');
    const there = await send('in the other room', author, elsewhere);
    expect((await edit(there.id, { content: 'x' })).statusCode).toBe(404);
    expect((await edit(999_999, { content: 'x' })).statusCode).toBe(404);
    expect((await edit(there.id, { content: 'x' }, author, 999_999)).statusCode).toBe(404);
    for (const id of ['abc', '0', '99999999999'])
      expect((await edit(id, { content: 'x' })).statusCode).toBe(404);
    const deleted = await send('gone');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/messages/${deleted.id}`,
      headers: author.headers,
    });
    expect((await edit(deleted.id, { content: 'x' })).statusCode).toBe(404);
  });

  it('checks the text as a send does (422): required for a text message, at most 5000, no NUL', async () => {
    const message = await send('valid');
    for (const payload of [{ content: '   ' }, {}, { content: '' }]) {
      const blank = await edit(message.id, payload);
      expect(blank.statusCode).toBe(422);
      expect(blank.json()).toEqual({ message: CONTENT_REQUIRED, errors: { content: [CONTENT_REQUIRED] } });
    }
    const long = await edit(message.id, { content: 'a'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      content: ['The content field must not be greater than 5000 characters.'],
    });
    const nul = await edit(message.id, { content: 'a\u0000b' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ content: ['The content field must not contain NUL characters.'] });
    expect((await page()).find((stored) => stored.id === message.id)?.content).toBe('valid');
  });

  it('lets an image message lose its text (blank allowed), keeping the image', async () => {
    const form = await multipart(
      { content: 'caption' },
      { attachment: { bytes: PNG_1X1, filename: 'dot.png', type: 'image/png' } },
    );
    const upload = (
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${roomId}/messages`,
        headers: { ...author.headers, ...form.headers },
        payload: form.payload,
      })
    ).json() as Message;
    const response = await edit(upload.id, { content: '  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ content: '', attachment_path: expect.stringMatching(/^http/) });
  });

  it('takes PUT on the same path as PATCH (a remote in a shell whose http client has no patch)', async () => {
    const original = await send('sent from an older shell');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/chatrooms/${roomId}/messages/${original.id}`,
      headers: author.headers,
      payload: { content: 'edited from an older shell' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      content: 'edited from an older shell',
      edited_at: expect.any(String),
    });
  });
});
