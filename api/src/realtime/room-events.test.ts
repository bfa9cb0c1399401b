import { randomUUID } from 'node:crypto';
import type { RoomMessageSentEvent } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { PNG_1X1 } from '../testing/images';
import { multipart } from '../testing/multipart';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { roomChannel } from './channels';
import { MAX_EVENT_BYTES, MESSAGE_SENT_EVENT } from './message-sent';

/** What the write path publishes on a room's own channel, through `inject` on a real database. */
describe("MessageSent on a room's own channel", () => {
  let t: TestApp;
  let member: SignedIn;

  const createRoom = () => t.createRoom(member, 'Payloads');
  const send = (roomId: number, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: member.headers,
      payload,
    });
  const page = async (roomId: number) =>
    (await t.app.inject({ url: `/api/chatrooms/${roomId}/messages`, headers: member.headers })).json();
  const roomEvents = (roomId: number) =>
    t.published.events
      .filter((event) => event.channel === roomChannel(roomId))
      .map((event) => {
        expect(event.event).toBe(MESSAGE_SENT_EVENT);
        return event.data as RoomMessageSentEvent;
      });

  beforeAll(async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    member = await t.signIn();
  });
  afterAll(() => t.close());

  it('carries each message exactly as GET messages returns it, with the id of the one before', async () => {
    const roomId = await createRoom();
    const otherRoom = await createRoom();
    await send(roomId, { content: 'first' });
    await send(otherRoom, { content: 'elsewhere, in between' });
    await send(roomId, { content: 'second', client_msg_id: randomUUID() });
    const image = await multipart(
      { content: '', client_msg_id: randomUUID() },
      { attachment: { bytes: PNG_1X1, filename: 'dot.png', type: 'image/png' } },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...member.headers, ...image.headers },
      payload: image.payload,
    });
    expect(upload.statusCode).toBe(201);

    const stored = await page(roomId);
    expect(stored).toHaveLength(3);
    expect(stored[2].attachment_path).toMatch(/^http/);
    expect(roomEvents(roomId)).toEqual([
      { room_id: roomId, message_id: stored[0].id, previous_id: null, message: stored[0] },
      { room_id: roomId, message_id: stored[1].id, previous_id: stored[0].id, message: stored[1] },
      { room_id: roomId, message_id: stored[2].id, previous_id: stored[1].id, message: stored[2] },
    ]);
  });

  it('publishes nothing for a repeated client_msg_id', async () => {
    const roomId = await createRoom();
    const clientMsgId = randomUUID();
    await send(roomId, { content: 'once', client_msg_id: clientMsgId });
    expect((await send(roomId, { content: 'once', client_msg_id: clientMsgId })).statusCode).toBe(200);
    expect(roomEvents(roomId)).toHaveLength(1);
  });

  it('sends ids only when the message would not fit in one event, and the chain still holds', async () => {
    const roomId = await createRoom();
    const before = (await send(roomId, { content: 'short' })).json();
    // 5,000 characters of three UTF-8 bytes each: 15 KB, past Pusher's 10 KB per event.
    const long = (await send(roomId, { content: '語'.repeat(5000) })).json();
    const [, event] = roomEvents(roomId);
    expect(event).toEqual({ room_id: roomId, message_id: long.id, previous_id: before.id, message: null });
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(MAX_EVENT_BYTES);
  });

  it('publishes nothing when the transaction fails, and the next message follows the last committed one', async () => {
    const roomId = await createRoom();
    const committed = (await send(roomId, { content: 'committed' })).json();
    await sql`
      CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.content = 'doomed' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`.execute(t.app.db);
    await sql`
      CREATE TRIGGER refuse_doomed BEFORE INSERT ON messages
      FOR EACH ROW EXECUTE FUNCTION refuse_doomed()`.execute(t.app.db);
    const published = t.published.events.length;
    try {
      // The insert runs (its room lock and the room's last_message_id update included), then fails.
      const failed = await send(roomId, { content: 'doomed' });
      expect(failed.statusCode).toBe(500);
      expect(t.published.events.length).toBe(published);
    } finally {
      await sql`DROP TRIGGER refuse_doomed ON messages`.execute(t.app.db);
      await sql`DROP FUNCTION refuse_doomed()`.execute(t.app.db);
    }
    const next = (await send(roomId, { content: 'after the failure' })).json();
    expect(roomEvents(roomId).at(-1)).toMatchObject({ message_id: next.id, previous_id: committed.id });
  });

  it('announces a seeded batch by its last id with the id before it, and no message', async () => {
    const roomId = await createRoom();
    const first = (await send(roomId, { content: 'before the batch' })).json();
    const seeded = await t.app.inject({
      method: 'POST',
      url: `/api/testing/rooms/${roomId}/messages`,
      payload: { count: 3, user_id: member.user.id },
    });
    const { first_id, last_id } = seeded.json();
    expect(first_id).toBeGreaterThan(first.id);
    expect(roomEvents(roomId).at(-1)).toEqual({
      room_id: roomId,
      message_id: last_id,
      previous_id: last_id - 1,
      message: null,
    });
    const after = (await send(roomId, { content: 'after the batch' })).json();
    expect(roomEvents(roomId).at(-1)).toMatchObject({ message_id: after.id, previous_id: last_id });
  });
});
