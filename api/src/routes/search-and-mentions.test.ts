import { BROADCAST_NOTIFICATION_EVENT, MENTION_NOTIFICATION_TYPE } from '@chat/shared/constants';
import type { MentionNotification, Message, Room, SearchMessagesResponse } from '@chat/shared/schemas';
import { UNREAD_COUNT_MAX } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { AROUND_ID_ALONE, NOT_A_MEMBER } from '../http/refusals';
import { MAX_EVENT_BYTES } from '../realtime/message-sent';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

describe('search, around_id, mentions and where one left off', () => {
  let t: TestApp;
  let ann: SignedIn;
  let bob: SignedIn;
  let cid: SignedIn;
  let outsider: SignedIn;
  let roomId: number;
  let otherRoomId: number;

  const send = async (content: string, who: SignedIn = ann, room = roomId) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room}/messages`,
      headers: who.headers,
      payload: { content },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Message;
  };
  const search = (query: string, who: SignedIn = ann, room = roomId) =>
    t.app.inject({ url: `/api/chatrooms/${room}/messages/search?${query}`, headers: who.headers });
  const found = async (q: string, who: SignedIn = ann, room = roomId) => {
    const response = await search(`q=${encodeURIComponent(q)}`, who, room);
    expect(response.statusCode).toBe(200);
    return response.json() as SearchMessagesResponse;
  };
  const rooms = async (who: SignedIn) =>
    (await t.app.inject({ url: '/api/chatrooms', headers: who.headers })).json() as Room[];
  const roomOf = async (who: SignedIn, id = roomId) =>
    (await rooms(who)).find((room) => room.id === id) as Room;
  const notifications = () =>
    t.published.events.filter((event) => event.event === BROADCAST_NOTIFICATION_EVENT);

  beforeAll(async () => {
    t = await createTestApp();
    const stamp = process.pid;
    ann = await t.signIn(`ann_${stamp}`);
    bob = await t.signIn(`Bob.B_${stamp}`);
    cid = await t.signIn(`cid_${stamp}`);
    outsider = await t.signIn(`out_${stamp}`);
    roomId = await t.createRoom(ann, 'Search room');
    await t.join(bob, roomId);
    await t.join(cid, roomId);
    otherRoomId = await t.createRoom(outsider, 'Other room');
  });
  afterAll(() => t.close());

  describe('search', () => {
    it('finds words and the last word as a prefix, newest first, with UTF-16 highlights', async () => {
      const old = await send('Where is the 🎉 party tonight?');
      const mid = await send('The PARTY moved to Saturday', bob);
      await send('nothing to see here');
      const newest = await send('partygoers welcome 👍 party', cid);
      const result = await found('party');
      expect(result.results.map((r) => r.message.id)).toEqual([newest.id, mid.id, old.id]);
      expect(result.next_before_id).toBeNull();
      for (const { message, highlights } of result.results) {
        expect(highlights.length).toBeGreaterThan(0);
        for (const { start, end } of highlights)
          expect(message.content.slice(start, end).toLowerCase()).toMatch(/^party/);
      }
      // UTF-16 offsets: the emoji before the word counts two.
      const first = result.results.find((r) => r.message.id === old.id);
      expect(first?.highlights).toEqual([{ start: 16, end: 21 }]);
      // Two words: both required; the first exact, the last a prefix ("partygoers" is not "party").
      expect((await found('welcome par')).results.map((r) => r.message.id)).toEqual([newest.id]);
      expect((await found('saturday')).results.map((r) => r.message.id)).toEqual([mid.id]);
      expect((await found('"moved to saturday"')).results.map((r) => r.message.id)).toEqual([mid.id]);
      expect((await found('party -saturday')).results.map((r) => r.message.id)).toEqual([newest.id, old.id]);
      expect((await found('zzzznothing')).results).toEqual([]);
      // Punctuation only, quotes and SQL-looking text are only text.
      expect((await found("!!! ' ; DROP TABLE messages; --")).results).toEqual([]);
      expect((await found("o'neil\\")).results).toEqual([]);
    });

    it('pages with before_id and next_before_id', async () => {
      const sent: Message[] = [];
      for (let i = 0; i < 5; i++) sent.push(await send(`pager item ${i}`));
      const ids = sent.map((m) => m.id).reverse();
      const first = (await search('q=pager&limit=2')).json() as SearchMessagesResponse;
      expect(first.results.map((r) => r.message.id)).toEqual(ids.slice(0, 2));
      expect(first.next_before_id).toBe(ids[1]);
      const second = (
        await search(`q=pager&limit=2&before_id=${first.next_before_id}`)
      ).json() as SearchMessagesResponse;
      expect(second.results.map((r) => r.message.id)).toEqual(ids.slice(2, 4));
      const third = (
        await search(`q=pager&limit=2&before_id=${second.next_before_id}`)
      ).json() as SearchMessagesResponse;
      expect(third.results.map((r) => r.message.id)).toEqual(ids.slice(4));
      expect(third.next_before_id).toBeNull();
    });

    it('never finds deleted messages, and finds edited ones by their new text only', async () => {
      const gone = await send('ephemeralword here');
      const changing = await send('beforeedit text');
      await t.app.inject({
        method: 'DELETE',
        url: `/api/chatrooms/${roomId}/messages/${gone.id}`,
        headers: ann.headers,
      });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/chatrooms/${roomId}/messages/${changing.id}`,
        headers: ann.headers,
        payload: { content: 'afteredit text' },
      });
      expect((await found('ephemeralword')).results).toEqual([]);
      expect((await found('beforeedit')).results).toEqual([]);
      const edited = await found('afteredit');
      expect(edited.results.map((r) => r.message.id)).toEqual([changing.id]);
      expect(edited.results[0]?.message.edited_at).not.toBeNull();
    });

    it('searches one room only, for its members only: 403 for others, 404 for no room', async () => {
      await send('roomonly word', outsider, otherRoomId);
      expect((await found('roomonly')).results).toEqual([]);
      const refused = await search('q=party', outsider);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: NOT_A_MEMBER });
      expect((await search('q=party', ann, 999_999)).statusCode).toBe(404);
      const anonymous = await t.app.inject({ url: `/api/chatrooms/${roomId}/messages/search?q=party` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses a blank or too long q with 422 on q', async () => {
      for (const query of ['', 'q=', 'q=%20%20%20', `q=${'a'.repeat(201)}`, 'q=a%00b']) {
        const response = await search(query);
        expect(response.statusCode).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['q']);
      }
      // 200 after trimming is fine.
      expect((await search(`q=${encodeURIComponent(`  ${'a'.repeat(200)}  `)}`)).statusCode).toBe(200);
      expect((await search('q=x&limit=51')).statusCode).toBe(422);
      expect((await search('q=x&before_id=0')).statusCode).toBe(422);
    });
  });

  describe('around_id', () => {
    it('answers about half before the message and the rest from it on, ascending', async () => {
      const roomAround = await t.createRoom(ann, 'Around');
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push((await send(`around ${i}`, ann, roomAround)).id);
      const around = async (query: string) => {
        const response = await t.app.inject({
          url: `/api/chatrooms/${roomAround}/messages?${query}`,
          headers: ann.headers,
        });
        expect(response.statusCode).toBe(200);
        return (response.json() as Message[]).map((m) => m.id);
      };
      expect(await around(`around_id=${ids[15]}&limit=10`)).toEqual(ids.slice(10, 20));
      expect(await around(`around_id=${ids[15]}&limit=9`)).toEqual(ids.slice(11, 20));
      // Near either end, the other side fills the page.
      expect(await around(`around_id=${ids[1]}&limit=10`)).toEqual(ids.slice(0, 10));
      expect(await around(`around_id=${ids[28]}&limit=10`)).toEqual(ids.slice(20, 30));
      // A deleted (or unknown) id still centres the page on where it was.
      expect(await around(`around_id=${(ids[29] as number) + 1_000}&limit=4`)).toEqual(ids.slice(26, 30));
    });

    it('refuses around_id with after_id or before_id, and answers non-members as the page does', async () => {
      for (const query of ['around_id=5&after_id=1', 'around_id=5&before_id=9']) {
        const response = await t.app.inject({
          url: `/api/chatrooms/${roomId}/messages?${query}`,
          headers: ann.headers,
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ around_id: [AROUND_ID_ALONE] });
      }
      const refused = await t.app.inject({
        url: `/api/chatrooms/${roomId}/messages?around_id=5`,
        headers: outsider.headers,
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('mentions', () => {
    it('keeps the members a message names, in order of first use, regardless of case', async () => {
      const message = await send(
        `hey @${cid.user.username}, @${bob.user.username.toUpperCase()}. and @${outsider.user.username} ` +
          `and mail ${bob.user.username}@example.com and @${cid.user.username} again and @nobody_${process.pid}`,
      );
      expect(message.mentions).toEqual([
        { id: cid.user.id, username: cid.user.username },
        { id: bob.user.id, username: bob.user.username },
      ]);
      // The page, the page cache and search say the same.
      const page = (
        await t.app.inject({ url: `/api/chatrooms/${roomId}/messages`, headers: bob.headers })
      ).json() as Message[];
      expect(page.find((m) => m.id === message.id)?.mentions).toEqual(message.mentions);
      const around = (
        await t.app.inject({
          url: `/api/chatrooms/${roomId}/messages?around_id=${message.id}`,
          headers: bob.headers,
        })
      ).json() as Message[];
      expect(around.find((m) => m.id === message.id)?.mentions).toEqual(message.mentions);
      expect((await found('mail', bob)).results[0]?.message.mentions).toEqual(message.mentions);
      const plain = await send('no mentions at all');
      expect(plain.mentions).toEqual([]);
    });

    it('notifies each mentioned member but the author on their own channel, in the send batch', async () => {
      const before = t.published.calls.length;
      const message = await send(`@${bob.user.username} @${ann.user.username} look`, ann);
      expect(message.mentions?.map((m) => m.id)).toEqual([bob.user.id, ann.user.id]);
      const calls = t.published.calls.slice(before);
      expect(calls).toHaveLength(1);
      const batch = calls[0] ?? [];
      expect(batch.map((event) => event.channel)).toEqual([
        'private-chatroom',
        `private-chatroom.${roomId}`,
        `private-App.Models.User.${bob.user.id}`,
      ]);
      const notice = batch[2]?.data as MentionNotification;
      expect(batch[2]?.event).toBe('Illuminate\\Notifications\\Events\\BroadcastNotificationCreated');
      expect(notice).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: MENTION_NOTIFICATION_TYPE,
        room_id: roomId,
        room_name: 'Search room',
        message: expect.objectContaining({
          id: message.id,
          content: message.content,
          mentions: message.mentions,
        }),
      });
    });

    it('cuts the text of a notification past 10 KB', async () => {
      const before = notifications().length;
      const long = `@${bob.user.username} ${'é'.repeat(4900)}`;
      const message = await send(long);
      const notice = notifications().slice(before)[0];
      const data = notice?.data as MentionNotification;
      expect(Buffer.byteLength(JSON.stringify(data))).toBeLessThanOrEqual(MAX_EVENT_BYTES);
      expect(data.message.id).toBe(message.id);
      expect(long.startsWith(data.message.content)).toBe(true);
      expect(data.message.content.length).toBeGreaterThan(1000);
    });

    it('follows edits, and notifies only the newly mentioned', async () => {
      const message = await send(`hi @${bob.user.username}`);
      const before = notifications().length;
      const edited = await t.app.inject({
        method: 'PATCH',
        url: `/api/chatrooms/${roomId}/messages/${message.id}`,
        headers: ann.headers,
        payload: { content: `hi @${cid.user.username} and @${bob.user.username}` },
      });
      expect((edited.json() as Message).mentions?.map((m) => m.id)).toEqual([cid.user.id, bob.user.id]);
      expect(
        notifications()
          .slice(before)
          .map((event) => event.channel),
      ).toEqual([`private-App.Models.User.${cid.user.id}`]);
      const removed = await t.app.inject({
        method: 'PATCH',
        url: `/api/chatrooms/${roomId}/messages/${message.id}`,
        headers: ann.headers,
        payload: { content: 'hi nobody' },
      });
      expect((removed.json() as Message).mentions).toEqual([]);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM message_mentions WHERE message_id = ${message.id}`.execute(t.app.db);
      expect(rows[0]?.n).toBe(0);
    });

    it('counts mentions of the caller after their read position (mention_count), and gives last_read_id', async () => {
      const room = await t.createRoom(ann, 'Counting');
      await t.join(bob, room);
      const joined = await roomOf(bob, room);
      expect(joined).toMatchObject({ mention_count: 0, unread_count: 0, last_read_id: null });
      const first = await send(`@${bob.user.username} one`, ann, room);
      await send(`@${bob.user.username} two`, ann, room);
      await send('no mention', ann, room);
      await send(`@${bob.user.username} self`, bob, room);
      expect(await roomOf(bob, room)).toMatchObject({
        unread_count: 3,
        mention_count: 2,
        last_read_id: null,
      });
      // Nobody mentioned ann; her own messages mentioning bob count for bob only.
      expect(await roomOf(ann, room)).toMatchObject({ mention_count: 0, unread_count: 1 });
      expect(await roomOf(outsider, room)).toMatchObject({
        mention_count: 0,
        last_read_id: null,
        is_member: false,
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${room}/read`,
        headers: bob.headers,
        payload: { message_id: first.id },
      });
      expect(await roomOf(bob, room)).toMatchObject({ mention_count: 1, last_read_id: first.id });
      const single = (
        await t.app.inject({ url: `/api/chatrooms/${room}`, headers: bob.headers })
      ).json() as Room;
      expect(single).toMatchObject({ mention_count: 1, last_read_id: first.id });
    });

    it('stops counting at UNREAD_COUNT_MAX', async () => {
      const room = await t.createRoom(ann, 'Many');
      await t.join(bob, room);
      const seeded = await sql<{ id: number }>`
        INSERT INTO messages (room_id, user_id, content)
        SELECT ${room}::integer, ${ann.user.id}::integer, '@x ' || n FROM generate_series(1, ${UNREAD_COUNT_MAX + 5}::integer) AS n
        RETURNING id`.execute(t.app.db);
      await sql`
        INSERT INTO message_mentions (message_id, user_id, room_id, position)
        SELECT unnest(${seeded.rows.map((row) => row.id)}::integer[]), ${bob.user.id}::integer, ${room}::integer, 0`.execute(
        t.app.db,
      );
      expect(await roomOf(bob, room)).toMatchObject({ mention_count: UNREAD_COUNT_MAX });
    });
  });

  describe('the user channel', () => {
    const auth = (who: SignedIn | null, channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: who?.headers ?? {},
        payload: { socket_id: '123.456', channel_name: channel },
      });

    it('is signed for its own user only', async () => {
      const own = await auth(bob, `private-App.Models.User.${bob.user.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().auth).toMatch(/^[^:]+:[0-9a-f]{64}$/);
      expect((await auth(ann, `private-App.Models.User.${bob.user.id}`)).statusCode).toBe(403);
      expect((await auth(null, `private-App.Models.User.${bob.user.id}`)).statusCode).toBe(403);
      expect((await auth(bob, `private-App.Models.User.0${bob.user.id}`)).statusCode).toBe(403);
    });
  });
});
