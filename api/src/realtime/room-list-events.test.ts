import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { CHAT_CHANNEL } from './channels';
import { ROOM_CREATED_EVENT, ROOM_UPDATED_EVENT } from './room-list-events';

/** What room lists hear on `private-chatroom` when rooms are created, joined and left. */
describe('RoomCreated and RoomUpdated', () => {
  let t: TestApp;
  let owner: SignedIn;
  let guest: SignedIn;

  const listEvents = (from: number) =>
    t.published.events.slice(from).filter((event) => event.event !== 'App\\Events\\MessageSent');
  const summaryOf = ({
    is_member: _,
    unread_count: __,
    mention_count: ___,
    last_read_id: ____,
    kind: _____,
    my_role: ______,
    ...summary
  }: Room) => summary;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn();
    guest = await t.signIn();
  });
  afterAll(() => t.close());

  it('announces a new room to everyone, without the creator’s own fields', async () => {
    const before = t.published.events.length;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: owner.headers,
      payload: { name: 'Announced', description: 'd', max_members: 10 },
    });
    const room = created.json() as Room;
    expect(listEvents(before)).toEqual([
      { channel: CHAT_CHANNEL, event: ROOM_CREATED_EVENT, data: { room: summaryOf(room) } },
    ]);
    expect(ROOM_CREATED_EVENT).toBe('App\\Events\\RoomCreated');
  });

  it('announces member counts on join and leave, and nothing when nothing changed', async () => {
    const room = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chatrooms',
        headers: owner.headers,
        payload: { name: 'Counted', description: 'd', max_members: 10 },
      })
    ).json() as Room;
    const act = (action: 'join' | 'leave') =>
      t.app.inject({ method: 'POST', url: `/api/chatrooms/${room.id}/${action}`, headers: guest.headers });

    let before = t.published.events.length;
    await act('join');
    await act('join');
    const joined = { ...summaryOf(room), members_count: 2 };
    // Every list hears it on 'chatroom'; an open chat room on the room's own channel.
    expect(listEvents(before)).toEqual([
      { channel: CHAT_CHANNEL, event: ROOM_UPDATED_EVENT, data: { room: joined } },
      { channel: `private-chatroom.${room.id}`, event: ROOM_UPDATED_EVENT, data: { room: joined } },
    ]);

    before = t.published.events.length;
    await act('leave');
    await act('leave');
    const left = { room: { ...joined, members_count: 1 } };
    expect(listEvents(before)).toEqual([
      { channel: CHAT_CHANNEL, event: ROOM_UPDATED_EVENT, data: left },
      { channel: `private-chatroom.${room.id}`, event: ROOM_UPDATED_EVENT, data: left },
    ]);
    expect(ROOM_UPDATED_EVENT).toBe('App\\Events\\RoomUpdated');
  });
});
