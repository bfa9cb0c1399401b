import type { RoomMessageSentEvent } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { MESSAGE_SENT_EVENT } from '../realtime/message-sent';
import type { PublishedEvent, Publisher } from '../realtime/publisher';
import { findMessage } from '../repositories/messages/find-message';
import { insertMessage } from '../repositories/messages/insert-message';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('the message write path', () => {
  let t: TestApp;
  let db: Db;
  /** One entry per call to the publisher: the channels it named, and whether the message was committed by then. */
  const seenByPublisher: { channels: string[]; committed: boolean }[] = [];
  const roomEvents: RoomMessageSentEvent[] = [];

  /** Looks the message up from outside the write: only a committed row is visible (or even reachable) here. */
  const check = async (events: readonly PublishedEvent[]) => {
    // Room-list events (a room created, its member count) share the channel; only messages are checked.
    const sent = events.filter((published) => published.event === MESSAGE_SENT_EVENT);
    const first = sent[0];
    if (!first) return;
    const { message_id } = first.data as { message_id: number };
    const committed = (await findMessage(db, message_id)) !== undefined;
    seenByPublisher.push({ channels: sent.map((published) => published.channel), committed });
    for (const { channel, data } of sent)
      if (channel !== 'private-chatroom') roomEvents.push(data as RoomMessageSentEvent);
  };
  const committedCheckingPublisher: Publisher = {
    publish: (channel, event, data) => check([{ channel, event, data }]),
    publishBatch: check,
    disconnectUser: async () => {},
  };

  beforeAll(async () => {
    t = await createTestApp({ publisher: committedCheckingPublisher });
    db = t.app.db;
  });
  afterAll(() => t.close());

  it('publishes on both channels in one batch, only once the message is committed', async () => {
    const { headers } = await t.signIn();
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers,
      payload: { name: 'Commit', description: 'd', max_members: 3 },
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.json().id}/messages`,
      headers,
      payload: { content: 'durable' },
    });
    expect(sent.statusCode).toBe(201);
    expect(seenByPublisher).toEqual([
      { channels: ['private-chatroom', `private-chatroom.${room.json().id}`], committed: true },
    ]);
  });

  it('still answers 201 when the broadcaster fails: the message is stored and clients catch up by after_id', async () => {
    const failing = await createTestApp({
      publisher: {
        publish: async () => {
          throw new Error('broadcaster down');
        },
        publishBatch: async () => {
          throw new Error('broadcaster down');
        },
        disconnectUser: async () => {},
      },
    });
    const { headers } = await failing.signIn();
    const room = await failing.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers,
      payload: { name: 'Down', description: 'd', max_members: 3 },
    });
    const sent = await failing.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.json().id}/messages`,
      headers,
      payload: { content: 'still here' },
    });
    expect(sent.statusCode).toBe(201);
    await failing.close();
  });

  // PGlite serves one connection at a time, so only a real server can have a second send in flight.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'draws the id only once it holds the room, so a send never commits an id below one already visible',
    async () => {
      const { user, headers } = await t.signIn();
      const room = await t.app.inject({
        method: 'POST',
        url: '/api/chatrooms',
        headers,
        payload: { name: 'Order', description: 'd', max_members: 3 },
      });
      const roomId: number = room.json().id;
      let sending: Promise<LightMyRequestResponse> | undefined;
      const inFlight = await db.transaction().execute(async (trx) => {
        // Another send holds the room and has not drawn its id yet…
        await trx.selectFrom('rooms').select('id').where('id', '=', roomId).forNoKeyUpdate().execute();
        sending = t.app.inject({
          method: 'POST',
          url: `/api/chatrooms/${roomId}/messages`,
          headers,
          payload: { content: 'second' },
        });
        // …while this one waits for the room.
        for (let attempt = 0; ; attempt++) {
          const { rows } = await sql<{ waiting: number }>`
            SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(db);
          if ((rows[0]?.waiting ?? 0) > 0) break;
          if (attempt > 200) throw new Error('the send never waited for the room');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return trx
          .insertInto('messages')
          .values({ room_id: roomId, user_id: user.id, content: 'first' })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
      const sent = await (sending as Promise<LightMyRequestResponse>);
      expect(sent.statusCode).toBe(201);
      expect(sent.json().id).toBeGreaterThan(inFlight.id);
    },
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'names as previous_id the message a send committed while this one waited for the room',
    async () => {
      const { user, headers } = await t.signIn();
      const room = await t.app.inject({
        method: 'POST',
        url: '/api/chatrooms',
        headers,
        payload: { name: 'Chain', description: 'd', max_members: 3 },
      });
      const roomId: number = room.json().id;
      let sending: Promise<LightMyRequestResponse> | undefined;
      const inFlight = await db.transaction().execute(async (trx) => {
        const first = await insertMessage(trx, {
          roomId,
          userId: user.id,
          content: 'first',
          attachment: null,
          clientMsgId: null,
        });
        // The second send starts (its snapshot predates the first's commit) and waits for the room.
        sending = t.app.inject({
          method: 'POST',
          url: `/api/chatrooms/${roomId}/messages`,
          headers,
          payload: { content: 'second' },
        });
        for (let attempt = 0; ; attempt++) {
          const { rows } = await sql<{ waiting: number }>`
            SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(db);
          if ((rows[0]?.waiting ?? 0) > 0) break;
          if (attempt > 200) throw new Error('the send never waited for the room');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        if (first.status !== 'created') throw new Error(`the first send was ${first.status}`);
        return first.message;
      });
      const sent = await (sending as Promise<LightMyRequestResponse>);
      expect(sent.statusCode).toBe(201);
      expect(roomEvents.find((event) => event.message_id === sent.json().id)?.previous_id).toBe(inFlight.id);
    },
  );
});
