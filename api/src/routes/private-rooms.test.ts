import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { PublishedEvent } from '../realtime/publisher';
import { apiCaller } from '../testing/api-caller';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/**
 * A private room exists for its members only: every endpoint of it is 404 to anyone else (outsiders and
 * removed members alike), it is listed to its members only, nobody joins it uninvited, and nothing about it
 * is published where anyone but its members hears it.
 */
describe('private rooms', () => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let outsider: SignedIn;
  let removed: SignedIn;
  let roomId: number;
  let messageId: number;

  const call = apiCaller(() => t.app);
  const list = async (who: SignedIn) =>
    ((await call(who, 'GET', '/chatrooms')).json() as Room[]).map((r) => r.id);
  /** Whether an event names the room where everyone hears it. */
  const namesRoomPublicly = (events: PublishedEvent[], id: number) =>
    events.some((e) => {
      if (e.channel !== 'private-chatroom') return false;
      const data = e.data as { room_id?: number; room?: { id: number } };
      return data.room_id === id || data.room?.id === id;
    });

  /** Every endpoint of a room, as a caller would try it. */
  const everyEndpoint = (id: number, who: SignedIn) =>
    [
      ['GET', `/chatrooms/${id}`],
      ['GET', `/chatrooms/${id}/messages`],
      ['GET', `/chatrooms/${id}/messages/search?q=secret`],
      ['GET', `/chatrooms/${id}/members`],
      ['POST', `/chatrooms/${id}/messages`, { content: 'let me in' }],
      ['PATCH', `/chatrooms/${id}/messages/${messageId}`, { content: 'edited' }],
      ['DELETE', `/chatrooms/${id}/messages/${messageId}`],
      ['PUT', `/chatrooms/${id}/messages/${messageId}/reactions/${encodeURIComponent('👍')}`],
      ['DELETE', `/chatrooms/${id}/messages/${messageId}/reactions/${encodeURIComponent('👍')}`],
      ['POST', `/chatrooms/${id}/read`, { message_id: messageId }],
      ['POST', `/chatrooms/${id}/join`],
      ['POST', `/chatrooms/${id}/leave`],
      ['PATCH', `/chatrooms/${id}`, { name: 'Mine now' }],
      ['PUT', `/chatrooms/${id}`, { name: 'Mine now' }],
      ['POST', `/chatrooms/${id}/members`, { username: 'outsider' }],
      ['DELETE', `/chatrooms/${id}/members/${owner.user.id}`],
      ['POST', `/chatrooms/${id}/owner`, { user_id: who.user.id }],
    ] as const;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn('powner');
    member = await t.signIn('pmember');
    outsider = await t.signIn('poutsider');
    removed = await t.signIn('premoved');
    t.published.events.length = 0;
    const created = await call(owner, 'POST', '/chatrooms', {
      name: 'Secret',
      description: 'd',
      max_members: 10,
      private: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Secret',
      private: true,
      owner: { id: owner.user.id, username: 'powner' },
      my_role: 'owner',
      members_count: 1,
    });
    roomId = created.json().id;
    for (const who of [member, removed]) {
      const invited = await call(owner, 'POST', `/chatrooms/${roomId}/members`, {
        username: who.user.username,
      });
      expect(invited.statusCode).toBe(201);
    }
    const sent = await call(member, 'POST', `/chatrooms/${roomId}/messages`, { content: 'secret plans' });
    messageId = sent.json().id;
    await call(member, 'PATCH', `/chatrooms/${roomId}/messages/${messageId}`, { content: 'secret plans!' });
    const other = (
      await call(owner, 'POST', `/chatrooms/${roomId}/messages`, { content: 'to delete' })
    ).json().id;
    await call(owner, 'DELETE', `/chatrooms/${roomId}/messages/${other}`);
    await call(owner, 'PATCH', `/chatrooms/${roomId}`, { description: 'still secret' });
    expect((await call(owner, 'DELETE', `/chatrooms/${roomId}/members/${removed.user.id}`)).statusCode).toBe(
      204,
    );
  });
  afterAll(() => t.close());

  it('answers 404 to an outsider and to a removed member on every endpoint', async () => {
    for (const who of [outsider, removed]) {
      for (const [method, url, payload] of everyEndpoint(roomId, who)) {
        const answer = await call(who, method, url, payload);
        expect([who.user.username, method, url, answer.statusCode]).toEqual([
          who.user.username,
          method,
          url,
          404,
        ]);
      }
    }
    // Nothing changed by the attempts.
    expect((await call(owner, 'GET', `/chatrooms/${roomId}`)).json()).toMatchObject({
      name: 'Secret',
      members_count: 2,
      owner: { id: owner.user.id },
    });
  });

  it('is listed to its members only, as private, with their role', async () => {
    expect(await list(outsider)).not.toContain(roomId);
    expect(await list(removed)).not.toContain(roomId);
    const asMember = ((await call(member, 'GET', '/chatrooms')).json() as Room[]).find(
      (r) => r.id === roomId,
    );
    expect(asMember).toMatchObject({ private: true, is_member: true, my_role: 'member', unread_count: 0 });
  });

  it('serves its members as a room: messages, search, members, read', async () => {
    expect((await call(member, 'GET', `/chatrooms/${roomId}/messages`)).statusCode).toBe(200);
    const found = await call(owner, 'GET', `/chatrooms/${roomId}/messages/search?q=secret`);
    expect(found.statusCode).toBe(200);
    const members = await call(member, 'GET', `/chatrooms/${roomId}/members`);
    expect(members.json()).toEqual([
      { id: member.user.id, username: 'pmember', role: 'member' },
      { id: owner.user.id, username: 'powner', role: 'owner' },
    ]);
    expect(
      (await call(owner, 'POST', `/chatrooms/${roomId}/read`, { message_id: messageId })).statusCode,
    ).toBe(204);
  });

  it("publishes nothing naming it on private-chatroom; its list events go to its members' own channels", async () => {
    const events = t.published.events;
    expect(namesRoomPublicly(events, roomId)).toBe(false);
    const channelsOf = (event: string) =>
      events
        .filter(
          (e) => e.event === `App\\Events\\${event}` && (e.data as { room_id?: number }).room_id === roomId,
        )
        .filter((e) => event !== 'MessageSent' || (e.data as { message_id: number }).message_id === messageId)
        .map((e) => e.channel);
    const userChannel = (who: SignedIn) => `private-App.Models.User.${who.user.id}`;
    // The message sent when owner, member and the later-removed person were all in.
    expect(channelsOf('MessageSent')).toEqual([
      userChannel(owner),
      userChannel(member),
      userChannel(removed),
      `private-chatroom.${roomId}`,
    ]);
    expect(channelsOf('MessageDeleted')).toEqual(
      expect.arrayContaining([`private-chatroom.${roomId}`, userChannel(owner), userChannel(member)]),
    );
    expect(channelsOf('MessageUpdated')).toEqual([`private-chatroom.${roomId}`]);
    const created = events.filter((e) => e.event === 'App\\Events\\RoomCreated');
    expect(created).toEqual([
      {
        channel: userChannel(owner),
        event: 'App\\Events\\RoomCreated',
        data: { room: expect.objectContaining({ id: roomId, private: true }) },
      },
    ]);
    // The last RoomUpdated (after the removal) reaches the remaining members only, and the room's own channel.
    const updates = events.filter((e) => e.event === 'App\\Events\\RoomUpdated');
    expect(updates.slice(-3).map((e) => e.channel)).toEqual([
      userChannel(owner),
      userChannel(member),
      `private-chatroom.${roomId}`,
    ]);
    expect(updates.at(-1)?.data).toEqual({ room: expect.objectContaining({ id: roomId, members_count: 2 }) });
  });

  it('lets an invited person back in; the owner alone may leave, and the room then stays, ownerless and hidden', async () => {
    const again = await call(owner, 'POST', `/chatrooms/${roomId}/members`, { username: 'premoved' });
    expect(again.statusCode).toBe(201);
    expect((await call(removed, 'GET', `/chatrooms/${roomId}`)).json()).toMatchObject({ my_role: 'member' });
    expect((await call(owner, 'POST', `/chatrooms/${roomId}/leave`)).statusCode).toBe(422);
    await call(member, 'POST', `/chatrooms/${roomId}/leave`);
    await call(removed, 'POST', `/chatrooms/${roomId}/leave`);
    expect((await call(member, 'GET', `/chatrooms/${roomId}`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/chatrooms/${roomId}/leave`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/chatrooms/${roomId}`)).statusCode).toBe(404);
  });

  it('leaves a public room public: outsiders get 403 for its contents, as before', async () => {
    const id = await t.createRoom(owner, 'Open');
    const created = (await call(outsider, 'GET', `/chatrooms/${id}`)).json() as Room;
    expect(created).toMatchObject({ private: false, my_role: null });
    expect((await call(outsider, 'GET', `/chatrooms/${id}/messages`)).statusCode).toBe(403);
    expect(await list(outsider)).toContain(id);
  });
});
