import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
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
});
