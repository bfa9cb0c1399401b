import type { Room, RoomMember } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ROOM_FULL } from './chatrooms';

describe('chat rooms', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<TestApp['signIn']>>;
  let other: Awaited<ReturnType<TestApp['signIn']>>;

  const createRoom = (body: unknown, headers = owner.headers) =>
    t.app.inject({ method: 'POST', url: '/api/chatrooms', headers, payload: body as object });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn();
    other = await t.signIn();
  });
  afterAll(() => t.close());

  it('requires a Bearer token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/chatrooms'],
      ['GET', '/api/chatrooms/1'],
      ['POST', '/api/chatrooms'],
      ['POST', '/api/chatrooms/1/join'],
      ['POST', '/api/chatrooms/1/leave'],
      ['POST', '/api/chatrooms/1/read'],
      ['DELETE', '/api/chatrooms/1/messages/1'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('creates a room with the creator as its first member', async () => {
    const response = await createRoom({ name: ' General ', description: 'Talk', max_members: 5 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'General',
      description: 'Talk',
      kind: 'room',
      max_members: 5,
      members_count: 1,
      is_member: true,
      unread_count: 0,
      mention_count: 0,
      last_read_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      archived_at: null,
      private: false,
      owner: { id: owner.user.id, username: owner.user.username },
      my_role: 'owner',
    });
  });

  it("answers 422 with the front end's messages when fields are missing or blank", async () => {
    const response = await createRoom({ name: '  ', description: '', max_members: null });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Name is required (and 2 more errors)',
      errors: {
        name: ['Name is required'],
        description: ['Description is required'],
        max_members: ['Max Members is required'],
      },
    });
  });

  it.each([[1], [1001], [2.5], ['many']])('answers 422 for max_members %s', async (maxMembers) => {
    const response = await createRoom({ name: 'x', description: 'y', max_members: maxMembers });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      max_members: ['Max Members must be a whole number between 2 and 1000.'],
    });
  });

  it('accepts max_members sent as a numeric string and rejects over-long names', async () => {
    expect((await createRoom({ name: 'Form', description: 'd', max_members: '10' })).statusCode).toBe(201);
    const tooLong = await createRoom({ name: 'n'.repeat(101), description: 'd', max_members: 10 });
    expect(tooLong.json().errors).toEqual({
      name: ['The name field must not be greater than 100 characters.'],
    });
  });

  it('lists rooms newest first with members_count and is_member for the caller', async () => {
    const older = (await createRoom({ name: 'Older', description: 'd', max_members: 10 })).json();
    const newer = (
      await createRoom({ name: 'Newer', description: 'd', max_members: 10 }, other.headers)
    ).json();
    const response = await t.app.inject({ url: '/api/chatrooms', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const rooms = response.json() as Room[];
    const ids = rooms.map((room) => room.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(rooms.find((room) => room.id === newer.id)).toMatchObject({ is_member: false, members_count: 1 });
    expect(rooms.find((room) => room.id === older.id)).toMatchObject({ is_member: true, members_count: 1 });
  });

  it('shows one room, 404 for unknown or malformed ids', async () => {
    const room = (await createRoom({ name: 'Show', description: 'd', max_members: 10 })).json();
    const shown = await t.app.inject({ url: `/api/chatrooms/${room.id}`, headers: other.headers });
    expect(shown.json()).toEqual({ ...room, is_member: false, my_role: null });
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const missing = await t.app.inject({ url: `/api/chatrooms/${id}`, headers: owner.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('joins (whatever the body), harmlessly twice, and leaves', async () => {
    const room = (await createRoom({ name: 'Join', description: 'd', max_members: 10 })).json();
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.id}/join`,
      headers: { ...other.headers, 'content-type': 'application/json' },
      payload: String(room.id),
    });
    expect(join.statusCode).toBe(200);
    expect(join.json()).toEqual({
      message: 'You joined Join.',
      room: { ...room, members_count: 2, is_member: true, my_role: 'member' },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.id}/join`,
      headers: { ...other.headers, 'content-type': 'text/plain' },
      payload: String(room.id),
    });
    expect(again.json().room.members_count).toBe(2);
    const leave = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.id}/leave`,
      headers: other.headers,
    });
    expect(leave.statusCode).toBe(200);
    expect(leave.json()).toEqual({ message: 'You left the room.' });
    const after = await t.app.inject({ url: `/api/chatrooms/${room.id}`, headers: other.headers });
    expect(after.json()).toMatchObject({ members_count: 1, is_member: false });
  });

  it('answers 404 to join or leave an unknown room', async () => {
    for (const action of ['join', 'leave']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/424242/${action}`,
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses a join with 422 "This room is full." once max_members is reached', async () => {
    const room = (await createRoom({ name: 'Pair', description: 'd', max_members: 2 })).json();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/chatrooms/${room.id}/join`, headers: other.headers }))
        .statusCode,
    ).toBe(200);
    const third = await t.signIn();
    const full = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.id}/join`,
      headers: third.headers,
    });
    expect(full.statusCode).toBe(422);
    expect(full.json()).toEqual({ message: ROOM_FULL });
    // A member re-joining a full room is still harmless.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/chatrooms/${room.id}/join`, headers: other.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('holds max_members under 50 concurrent joins', async () => {
    const room = (await createRoom({ name: 'Rush', description: 'd', max_members: 10 })).json();
    const joiners = await Promise.all(Array.from({ length: 50 }, () => t.signIn()));
    const responses = await Promise.all(
      joiners.map(({ headers }) =>
        t.app.inject({ method: 'POST', url: `/api/chatrooms/${room.id}/join`, headers }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(9);
    expect(codes.filter((code) => code === 422)).toHaveLength(41);
    const final = await t.app.inject({ url: `/api/chatrooms/${room.id}`, headers: owner.headers });
    expect(final.json().members_count).toBe(10);
  });

  it('lists a room’s members by name to its members only (403 for others, 404 for no room)', async () => {
    const roomId = (await createRoom({ name: 'Members', description: 'who', max_members: 5 })).json().id;
    const members = (headers = owner.headers) =>
      t.app.inject({ url: `/api/chatrooms/${roomId}/members`, headers });
    expect((await members(other.headers)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/join`, headers: other.headers });
    const listed = (await members()).json() as RoomMember[];
    expect(listed.map(({ id }) => id).sort()).toEqual([owner.user.id, other.user.id].sort());
    expect(listed.every(({ username }) => typeof username === 'string')).toBe(true);
    const missing = await t.app.inject({ url: '/api/chatrooms/2147483647/members', headers: owner.headers });
    expect(missing.statusCode).toBe(404);
  });
});
