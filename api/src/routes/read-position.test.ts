import { type Room, UNREAD_COUNT_MAX } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { NOT_A_MEMBER } from '../http/refusals';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** The read position per membership, and the `unread_count` it gives each member's view of the room. */
describe('read positions and unread counts', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;

  const createRoom = (who: SignedIn) => t.createRoom(who, 'Unread');
  const join = (roomId: number, who: SignedIn) => t.join(who, roomId);
  const send = async (roomId: number, who: SignedIn, content = 'hello') =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${roomId}/messages`,
        headers: who.headers,
        payload: { content },
      })
    ).json().id as number;
  const markRead = (roomId: number, who: SignedIn, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/read`, headers: who.headers, payload });
  const unread = async (roomId: number, who: SignedIn) => {
    const listed = (await t.app.inject({ url: '/api/chatrooms', headers: who.headers })).json() as Room[];
    const shown = (
      await t.app.inject({ url: `/api/chatrooms/${roomId}`, headers: who.headers })
    ).json() as Room;
    expect(listed.find((room) => room.id === roomId)?.unread_count).toBe(shown.unread_count);
    return shown.unread_count;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    [alice, bob, carol] = [await t.signIn(), await t.signIn(), await t.signIn()];
  });
  afterAll(() => t.close());

  it("counts others' messages after the position, never one's own", async () => {
    const roomId = await createRoom(alice);
    await join(roomId, bob);
    const ids = [await send(roomId, bob), await send(roomId, bob), await send(roomId, bob)];
    await send(roomId, alice, 'mine');
    expect(await unread(roomId, alice)).toBe(3);
    expect(await unread(roomId, bob)).toBe(1);

    const read = await markRead(roomId, alice, { message_id: ids[1] });
    expect(read.statusCode).toBe(204);
    expect(read.body).toBe('');
    expect(await unread(roomId, alice)).toBe(1);
    expect(await unread(roomId, bob)).toBe(1);
  });

  it('only moves forward', async () => {
    const roomId = await createRoom(alice);
    await join(roomId, bob);
    const first = await send(roomId, bob);
    const second = await send(roomId, bob);
    await markRead(roomId, alice, { message_id: second });
    expect(await unread(roomId, alice)).toBe(0);
    expect((await markRead(roomId, alice, { message_id: first })).statusCode).toBe(204);
    expect(await unread(roomId, alice)).toBe(0);
  });

  it("stops at the room's newest message, so ids not yet sent are not read in advance", async () => {
    const roomId = await createRoom(alice);
    await join(roomId, bob);
    expect((await markRead(roomId, alice, { message_id: 2_000_000_000 })).statusCode).toBe(204);
    await send(roomId, bob);
    expect(await unread(roomId, alice)).toBe(1);
    expect((await markRead(roomId, alice, { message_id: Number.MAX_SAFE_INTEGER })).statusCode).toBe(204);
    expect(await unread(roomId, alice)).toBe(0);
    await send(roomId, bob);
    expect(await unread(roomId, alice)).toBe(1);
  });

  it('is kept per membership: a newcomer starts caught up, an outsider sees 0', async () => {
    const roomId = await createRoom(alice);
    await send(roomId, alice);
    await send(roomId, alice);
    expect(await unread(roomId, carol)).toBe(0);
    await join(roomId, carol);
    expect(await unread(roomId, carol)).toBe(0);
    await send(roomId, alice);
    expect(await unread(roomId, carol)).toBe(1);
    await join(roomId, carol);
    expect(await unread(roomId, carol)).toBe(1);
  });

  it('no longer counts a deleted message', async () => {
    const roomId = await createRoom(alice);
    await join(roomId, bob);
    const id = await send(roomId, bob);
    await send(roomId, bob);
    expect(await unread(roomId, alice)).toBe(2);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/messages/${id}`,
      headers: bob.headers,
    });
    expect(await unread(roomId, alice)).toBe(1);
  });

  it(`counts up to ${UNREAD_COUNT_MAX}, which stands for that many or more`, async () => {
    const roomId = await createRoom(alice);
    await join(roomId, bob);
    const seeded = await t.app.inject({
      method: 'POST',
      url: `/api/testing/rooms/${roomId}/messages`,
      payload: { count: UNREAD_COUNT_MAX + 20, user_id: bob.user.id },
    });
    expect(seeded.statusCode).toBe(201);
    expect(await unread(roomId, alice)).toBe(UNREAD_COUNT_MAX);
  });

  it('answers 403 to a non-member, 404 for an unknown room, 422 for a bad message_id, 401 anonymous', async () => {
    const roomId = await createRoom(alice);
    const outsider = await markRead(roomId, carol, { message_id: 1 });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ message: NOT_A_MEMBER });
    expect((await markRead(999_999, alice, { message_id: 1 })).statusCode).toBe(404);
    for (const [payload, error] of [
      [{}, 'The message id field is required.'],
      [{ message_id: 0 }, 'The message id field must be at least 1.'],
      [{ message_id: 'x' }, 'The message id field must be an integer.'],
      [{ message_id: 1.5 }, 'The message id field must be an integer.'],
    ] as const) {
      const bad = await markRead(roomId, alice, payload);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ message_id: [error] });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/read`,
      payload: { message_id: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
