import { randomUUID } from 'node:crypto';
import type { Message } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { NOT_A_MEMBER } from '../http/refusals';
import { CHAT_CHANNEL } from '../realtime/channels';
import { MESSAGE_SENT_EVENT } from '../realtime/message-sent';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

describe('room messages', () => {
  let t: TestApp;
  let member: SignedIn;
  let outsider: SignedIn;
  let roomId: number;

  const send = (payload: object, who: SignedIn = member, room = roomId) =>
    t.app.inject({ method: 'POST', url: `/api/chatrooms/${room}/messages`, headers: who.headers, payload });
  const list = (query = '', who: SignedIn = member, room = roomId) =>
    t.app.inject({ url: `/api/chatrooms/${room}/messages${query}`, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp();
    member = await t.signIn('poster');
    outsider = await t.signIn();
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: member.headers,
      payload: { name: 'Talk', description: 'd', max_members: 10 },
    });
    roomId = room.json().id;
  });
  afterAll(() => t.close());

  it('stores a text message and answers 201 with the contract shape', async () => {
    const response = await send({ content: '  Hello  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      room_id: roomId,
      content: 'Hello',
      attachment_path: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      user: { id: member.user.id, username: 'poster' },
      client_msg_id: null,
      edited_at: null,
      reply_to_id: null,
      reply_to: null,
      reactions: [],
      mentions: [],
      version: expect.any(Number),
      preview: null,
    });
  });

  it('publishes App\\Events\\MessageSent on private-chatroom with ids only, after the insert', async () => {
    const before = t.published.events.length;
    const calls = t.published.calls.length;
    const message = (await send({ content: 'broadcast me' })).json();
    // The room's own channel gets the message as well (see realtime/room-events.test.ts).
    const shared = t.published.events.slice(before).filter((event) => event.channel === CHAT_CHANNEL);
    expect(shared).toEqual([
      { channel: CHAT_CHANNEL, event: MESSAGE_SENT_EVENT, data: { room_id: roomId, message_id: message.id } },
    ]);
    expect(CHAT_CHANNEL).toBe('private-chatroom');
    expect(MESSAGE_SENT_EVENT).toBe('App\\Events\\MessageSent');
    // Both channels' events in one batch: one request to an external server per message.
    expect(t.published.calls.slice(calls).map((call) => call.map((event) => event.channel))).toEqual([
      [CHAT_CHANNEL, `private-chatroom.${roomId}`],
    ]);
  });

  it('answers 422 for blank or over-long text', async () => {
    const blank = await send({ content: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({
      message: 'The content field is required.',
      errors: { content: ['The content field is required.'] },
    });
    const long = await send({ content: 'x'.repeat(5001) });
    expect(long.json().errors).toEqual({
      content: ['The content field must not be greater than 5000 characters.'],
    });
  });

  it('returns the original with 200 when a client_msg_id repeats, and publishes once', async () => {
    const clientMsgId = randomUUID();
    const first = await send({ content: 'once', client_msg_id: clientMsgId });
    expect(first.statusCode).toBe(201);
    const published = t.published.events.length;
    const retry = await send({ content: 'once, retried', client_msg_id: clientMsgId });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(t.published.events.length).toBe(published);
    const racing = await Promise.all(
      [1, 2, 3].map(() => send({ content: 'race', client_msg_id: randomUUID() })),
    );
    expect(racing.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const same = randomUUID();
    const concurrent = await Promise.all([1, 2, 3].map(() => send({ content: 'same', client_msg_id: same })));
    expect(new Set(concurrent.map((response) => response.json().id)).size).toBe(1);
    expect(concurrent.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
  });

  it('rejects a client_msg_id that is not a UUID', async () => {
    const response = await send({ content: 'x', client_msg_id: 'abc' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      client_msg_id: ['The client msg id field must be a valid UUID.'],
    });
  });

  it('answers 403 to non-members and 404 for unknown rooms', async () => {
    for (const response of [await list('', outsider), await send({ content: 'hi' }, outsider)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NOT_A_MEMBER });
    }
    expect((await list('', member, 987654)).statusCode).toBe(404);
    expect((await send({ content: 'hi' }, member, 987654)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/chatrooms/${roomId}/messages` })).statusCode).toBe(401);
  });

  describe('pagination', () => {
    let pageRoom: number;
    let ids: number[];

    beforeAll(async () => {
      const room = await t.app.inject({
        method: 'POST',
        url: '/api/chatrooms',
        headers: member.headers,
        payload: { name: 'Pages', description: 'd', max_members: 10 },
      });
      pageRoom = room.json().id;
      ids = [];
      for (let n = 1; n <= 120; n++) ids.push((await send({ content: `m${n}` }, member, pageRoom)).json().id);
    });

    const page = async (query: string) => {
      const response = await list(query, member, pageRoom);
      expect(response.statusCode).toBe(200);
      return (response.json() as Message[]).map((message) => message.id);
    };

    it('without a cursor returns the newest 50, ascending', async () => {
      expect(await page('')).toEqual(ids.slice(-50));
    });

    it('after_id returns the next ones after it, ascending', async () => {
      expect(await page(`?after_id=${ids[9]}&limit=5`)).toEqual(ids.slice(10, 15));
      expect(await page(`?after_id=${ids.at(-1)}`)).toEqual([]);
      expect(await page('?after_id=0&limit=3')).toEqual(ids.slice(0, 3));
    });

    it('before_id returns the limit just before it, ascending', async () => {
      expect(await page(`?before_id=${ids[20]}&limit=5`)).toEqual(ids.slice(15, 20));
    });

    it('caps limit at 100 and rejects nonsense with 422', async () => {
      expect(await page('?limit=100')).toEqual(ids.slice(-100));
      const tooMany = await list('?limit=101', member, pageRoom);
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors).toEqual({ limit: ['The limit field must not be greater than 100.'] });
      expect((await list('?after_id=abc', member, pageRoom)).statusCode).toBe(422);
    });

    it('treats ids beyond the id range as empty or unbounded, never as a server error', async () => {
      expect(await page('?after_id=99999999999')).toEqual([]);
      expect(await page('?before_id=99999999999&limit=2')).toEqual(ids.slice(-2));
    });
  });
});
