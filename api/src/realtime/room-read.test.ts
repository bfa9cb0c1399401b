import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { ROOM_READ_EVENT } from './room-read';

/** What a read publishes: RoomRead on the reader's own channel, once per move of the position, nothing else. */
describe('RoomRead', () => {
  let t: TestApp;
  let reader: SignedIn;
  let other: SignedIn;
  let roomId: number;
  const ids: number[] = [];

  const read = (who: SignedIn, messageId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/read`,
      headers: who.headers,
      payload: { message_id: messageId },
    });
  const readEvents = (from: number) =>
    t.published.events.slice(from).filter((event) => event.event === ROOM_READ_EVENT);

  beforeAll(async () => {
    t = await createTestApp();
    reader = await t.signIn();
    other = await t.signIn();
    roomId = await t.createRoom(other, 'Read elsewhere');
    await t.join(reader, roomId);
    for (const content of ['one', 'two', 'three']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${roomId}/messages`,
        headers: other.headers,
        payload: { content },
      });
      ids.push(sent.json().id as number);
    }
  });
  afterAll(() => t.close());

  it("tells only the reader's own channel where the position moved to", async () => {
    const before = t.published.events.length;
    expect((await read(reader, ids[1] as number)).statusCode).toBe(204);
    expect(t.published.events.slice(before)).toEqual([
      {
        channel: `private-App.Models.User.${reader.user.id}`,
        event: 'App\\Events\\RoomRead',
        data: { room_id: roomId, last_read_id: ids[1] },
      },
    ]);
  });

  it('publishes the position as stored: never past the newest message', async () => {
    const before = t.published.events.length;
    await read(reader, 2_000_000_000);
    expect(readEvents(before).map((event) => event.data)).toEqual([
      { room_id: roomId, last_read_id: ids[2] },
    ]);
  });

  it('publishes nothing when the position did not move, nor for a refused read', async () => {
    const before = t.published.events.length;
    await read(reader, ids[2] as number);
    await read(reader, ids[0] as number);
    const outsider = await t.signIn();
    expect((await read(outsider, ids[2] as number)).statusCode).toBe(403);
    expect(t.published.events.slice(before)).toEqual([]);
  });
});
