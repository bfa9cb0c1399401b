import type { Message, ReactionChangedEvent } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { NOT_A_MEMBER, NOT_AN_EMOJI, TOO_MANY_REACTIONS } from '../http/refusals';
import { roomChannel } from '../realtime/channels';
import { RecordingPublisher } from '../realtime/publisher';
import { REACTION_CHANGED_EVENT } from '../realtime/reaction-changed';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

describe('reactions', () => {
  let t: TestApp;
  let author: SignedIn;
  let other: SignedIn;
  let outsider: SignedIn;
  let roomId: number;
  /** ReactionChanged events with whether their change was committed when they were handed over. */
  const changes: { channel: string; data: ReactionChangedEvent; committed: boolean }[] = [];

  const send = async (content: string, who: SignedIn = author, room = roomId) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${room}/messages`,
        headers: who.headers,
        payload: { content },
      })
    ).json() as Message;
  const react = (
    method: 'PUT' | 'DELETE',
    messageId: number | string,
    emoji: string,
    who: SignedIn = author,
    room: number = roomId,
  ) =>
    t.app.inject({
      method,
      url: `/api/chatrooms/${room}/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`,
      headers: who.headers,
    });
  const page = async (who: SignedIn, query = '') =>
    (
      await t.app.inject({ url: `/api/chatrooms/${roomId}/messages${query}`, headers: who.headers })
    ).json() as Message[];
  const eventsFor = (messageId: number) => changes.filter((change) => change.data.message_id === messageId);

  beforeAll(async () => {
    const recorder = new RecordingPublisher();
    const record = async (channel: string, event: string, data: unknown) => {
      if (event !== REACTION_CHANGED_EVENT) return;
      const change = data as ReactionChangedEvent;
      // Read from outside the change: only a committed version is visible here.
      const { rows } = await sql<{ version: string }>`
        SELECT version::text FROM messages WHERE id = ${change.message_id}`.execute(t.app.db);
      changes.push({ channel, data: change, committed: Number(rows[0]?.version) >= change.version });
    };
    t = await createTestApp({
      publisher: {
        disconnectUser: (userId) => recorder.disconnectUser(userId),
        publish: async (channel, event, data) => {
          await recorder.publish(channel, event, data);
          await record(channel, event, data);
        },
        publishBatch: async (events) => {
          await recorder.publishBatch(events);
          for (const { channel, event, data } of events) await record(channel, event, data);
        },
      },
    });
    [author, other, outsider] = [await t.signIn(), await t.signIn(), await t.signIn()];
    roomId = await t.createRoom(author, 'Reactions');
    await t.join(other, roomId);
  });
  afterAll(() => t.close());

  it('adds and removes the caller’s reaction idempotently, answering the reactions with me per caller', async () => {
    const message = await send('react to me');
    const added = await react('PUT', message.id, '👍');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual([{ emoji: '👍', count: 1, me: true }]);
    expect((await react('PUT', message.id, '👍')).json()).toEqual([{ emoji: '👍', count: 1, me: true }]);
    expect((await react('PUT', message.id, '👍', other)).json()).toEqual([
      { emoji: '👍', count: 2, me: true },
    ]);
    expect((await react('PUT', message.id, '🎉', other)).json()).toEqual([
      { emoji: '👍', count: 2, me: true },
      { emoji: '🎉', count: 1, me: true },
    ]);
    const mine = (await page(author)).find((stored) => stored.id === message.id);
    expect(mine?.reactions).toEqual([
      { emoji: '👍', count: 2, me: true },
      { emoji: '🎉', count: 1, me: false },
    ]);
    const removed = await react('DELETE', message.id, '👍');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual([
      { emoji: '👍', count: 1, me: false },
      { emoji: '🎉', count: 1, me: false },
    ]);
    expect((await react('DELETE', message.id, '👍')).statusCode).toBe(200);
    expect((await react('DELETE', message.id, '🎉', other)).json()).toEqual([
      { emoji: '👍', count: 1, me: true },
    ]);
    expect((await page(other)).find((stored) => stored.id === message.id)?.reactions).toEqual([
      { emoji: '👍', count: 1, me: true },
    ]);

    // One event per change, none for the repeats, on the room's channel only, each after its commit.
    const events = eventsFor(message.id);
    expect(events.map(({ data }) => [data.user_id, data.emoji, data.reacted])).toEqual([
      [author.user.id, '👍', true],
      [other.user.id, '👍', true],
      [other.user.id, '🎉', true],
      [author.user.id, '👍', false],
      [other.user.id, '🎉', false],
    ]);
    expect(events.every(({ channel, committed }) => channel === roomChannel(roomId) && committed)).toBe(true);
    expect(events[2]?.data).toEqual({
      room_id: roomId,
      message_id: message.id,
      version: expect.any(Number),
      user_id: other.user.id,
      emoji: '🎉',
      reacted: true,
      reactions: [
        { emoji: '👍', count: 2 },
        { emoji: '🎉', count: 1 },
      ],
    });
    const versions = events.map(({ data }) => data.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions[0]).toBeGreaterThan(message.version as number);
    expect((await page(other)).find((stored) => stored.id === message.id)?.version).toBe(versions.at(-1));
    expect(REACTION_CHANGED_EVENT).toBe('App\\Events\\ReactionChanged');
  });

  it('orders emojis by first use, and an emoji removed by all and used again moves to the end', async () => {
    const message = await send('order');
    await react('PUT', message.id, '😂');
    await react('PUT', message.id, '🎉', other);
    await react('PUT', message.id, '😂', other);
    expect(
      (await react('PUT', message.id, '😮')).json().map((reaction: { emoji: string }) => reaction.emoji),
    ).toEqual(['😂', '🎉', '😮']);
    await react('DELETE', message.id, '😂');
    await react('DELETE', message.id, '😂', other);
    const again = await react('PUT', message.id, '😂');
    expect(again.json().map((reaction: { emoji: string }) => reaction.emoji)).toEqual(['🎉', '😮', '😂']);
  });

  it("accepts '❤' without VS16 as '❤️', and any single RGI emoji (skin tones, flags, ZWJ sequences)", async () => {
    const message = await send('hearts');
    await react('PUT', message.id, '❤️');
    expect((await react('PUT', message.id, '❤', other)).json()).toEqual([{ emoji: '❤️', count: 2, me: true }]);
    for (const emoji of ['👍🏽', '🇫🇷', '👨‍👩‍👧‍👦', '1️⃣']) {
      const response = await react('PUT', message.id, emoji);
      expect(response.statusCode).toBe(200);
      expect(response.json().at(-1)).toEqual({ emoji, count: 1, me: true });
    }
  });

  it('refuses anything but one emoji (422)', async () => {
    const message = await send('bad emojis');
    for (const emoji of ['a', '👍👍', ':)', '1', ' ', '👍 ', 'x'.repeat(40), '\u200d']) {
      const response = await react('PUT', message.id, emoji);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: NOT_AN_EMOJI, errors: { emoji: [NOT_AN_EMOJI] } });
    }
    expect((await react('DELETE', message.id, 'a')).statusCode).toBe(422);
  });

  it('refuses a non-member (403) and an unknown message, room or one of another room (404)', async () => {
    const message = await send('members only');
    const stranger = await react('PUT', message.id, '👍', outsider);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: NOT_A_MEMBER });
    expect((await react('DELETE', message.id, '👍', outsider)).statusCode).toBe(403);
    const elsewhere = await t.createRoom(author, 'Elsewhere');
    const there = await send('in the other room', author, elsewhere);
    expect((await react('PUT', there.id, '👍')).statusCode).toBe(404);
    expect((await react('PUT', 999_999, '👍')).statusCode).toBe(404);
    expect((await react('DELETE', 999_999, '👍')).statusCode).toBe(404);
    expect((await react('PUT', message.id, '👍', author, 999_999)).statusCode).toBe(404);
    expect((await react('PUT', 'abc', '👍')).statusCode).toBe(404);
    expect(eventsFor(message.id)).toEqual([]);
    expect(eventsFor(there.id)).toEqual([]);
  });

  it('refuses a new emoji past the per-message limit (422), but not one already there', async () => {
    const message = await send('crowded');
    const emojis = [
      ...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗🤩🤔🤨😐😑😶🙄😏😣😥😮🤐😯😪😫🥱😴😌😛😜😝🤤😒😓😔😕🙃🤑😲🙁',
    ];
    expect(emojis).toHaveLength(50);
    await sql`
      INSERT INTO message_reactions (message_id, user_id, emoji)
      SELECT ${message.id}::integer, ${other.user.id}::integer, e FROM unnest(${emojis}::text[]) AS e`.execute(
      t.app.db,
    );
    const refused = await react('PUT', message.id, '👍');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: TOO_MANY_REACTIONS, errors: { emoji: [TOO_MANY_REACTIONS] } });
    const joined = await react('PUT', message.id, '😀');
    expect(joined.statusCode).toBe(200);
    expect(joined.json()[0]).toEqual({ emoji: '😀', count: 2, me: true });
  });

  it('counts exactly under concurrent adds and removes from many members', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: author.headers,
      payload: { name: 'Crowd', description: 'd', max_members: 30 },
    });
    const crowd: number = created.json().id;
    const message = await send('popular', author, crowd);
    const members = await Promise.all(Array.from({ length: 20 }, () => t.signIn()));
    for (const member of members) await t.join(member, crowd);
    const react = (method: 'PUT' | 'DELETE', messageId: number, emoji: string, who: SignedIn) =>
      t.app.inject({
        method,
        url: `/api/chatrooms/${crowd}/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`,
        headers: who.headers,
      });
    const page = async (who: SignedIn) =>
      (
        await t.app.inject({ url: `/api/chatrooms/${crowd}/messages`, headers: who.headers })
      ).json() as Message[];
    const adds = await Promise.all(members.map((member) => react('PUT', message.id, '🎉', member)));
    expect(adds.map((response) => response.statusCode)).toEqual(members.map(() => 200));
    expect((await page(author)).find((stored) => stored.id === message.id)?.reactions).toEqual([
      { emoji: '🎉', count: 20, me: false },
    ]);
    // Half take theirs back while all add another emoji and repeat the first: each race lands exactly once.
    await Promise.all(
      members.flatMap((member, index) => [
        ...(index % 2 === 0
          ? [react('DELETE', message.id, '🎉', member)]
          : [react('PUT', message.id, '🎉', member)]),
        react('PUT', message.id, '😮', member),
        react('PUT', message.id, '😮', member),
      ]),
    );
    const final = (await page(author)).find((stored) => stored.id === message.id);
    expect(final?.reactions).toEqual([
      { emoji: '🎉', count: 10, me: false },
      { emoji: '😮', count: 20, me: false },
    ]);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM message_reactions WHERE message_id = ${message.id}`.execute(
      t.app.db,
    );
    expect(rows[0]?.n).toBe(30);
    // One event per change: 20 adds, 10 removes, 20 more adds; versions all distinct, the last one the message's.
    const events = eventsFor(message.id);
    expect(events).toHaveLength(50);
    expect(new Set(events.map(({ data }) => data.version)).size).toBe(50);
    expect(Math.max(...events.map(({ data }) => data.version))).toBe(final?.version);
    const last = events.find(({ data }) => data.version === final?.version);
    expect(last?.data.reactions).toEqual([
      { emoji: '🎉', count: 10 },
      { emoji: '😮', count: 20 },
    ]);
  });
});
