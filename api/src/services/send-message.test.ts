import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/create-database';
import type { Publisher } from '../realtime/publisher';
import { findMessage } from '../repositories/messages';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('the message write path', () => {
  let t: TestApp;
  let db: Db;
  const seenByPublisher: boolean[] = [];

  /** Looks the message up from outside the write: only a committed row is visible (or even reachable) here. */
  const committedCheckingPublisher: Publisher = {
    async publish(_channel, _event, data) {
      const { message_id } = data as { message_id: number };
      seenByPublisher.push((await findMessage(db, message_id)) !== undefined);
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ publisher: committedCheckingPublisher });
    db = t.app.db;
  });
  afterAll(() => t.close());

  it('publishes only once the message is committed', async () => {
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
    expect(seenByPublisher).toEqual([true]);
  });

  it('still answers 201 when the broadcaster fails: the message is stored and clients catch up by after_id', async () => {
    const failing = await createTestApp({
      publisher: {
        publish: async () => {
          throw new Error('broadcaster down');
        },
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
});
