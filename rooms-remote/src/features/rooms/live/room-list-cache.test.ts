import { describe, expect, it } from '@rstest/core';
import { aRoom } from '../../../testing/a-room';
import { isJoined, roomChanged, roomDeleted, roomInvited, roomRemoved } from './room-list-cache';

const summary = ({ is_member: _, unread_count: __, ...rest }: ReturnType<typeof aRoom>) => rest;

describe('roomChanged', () => {
  it('adds a new room in id order, as no member and with nothing unread', () => {
    const held = [aRoom({ id: 9 }), aRoom({ id: 5 })];
    const created = summary(aRoom({ id: 7, name: 'Between', is_member: true, unread_count: 4 }));
    expect(roomChanged(held, created)?.map((room) => room.id)).toEqual([9, 7, 5]);
    expect(roomChanged(held, created)?.[1]).toMatchObject({
      name: 'Between',
      is_member: false,
      unread_count: 0,
    });
    expect(roomChanged(held, summary(aRoom({ id: 12 })))?.map((room) => room.id)).toEqual([12, 9, 5]);
    expect(roomChanged(held, summary(aRoom({ id: 1 })))?.map((room) => room.id)).toEqual([9, 5, 1]);
    expect(roomChanged([], summary(aRoom({ id: 1 })))).toHaveLength(1);
  });

  it("updates a listed room, keeping this viewer's membership and unread count", () => {
    const held = [aRoom({ id: 3, members_count: 2, is_member: true, unread_count: 6 })];
    const [room] = roomChanged(held, summary(aRoom({ id: 3, members_count: 5, is_member: false }))) ?? [];
    expect(room).toMatchObject({ members_count: 5, is_member: true, unread_count: 6 });
    expect(held[0]?.members_count).toBe(2);
  });

  it('follows the room being archived and unarchived; a summary without archived_at (older API) keeps it', () => {
    const held = [aRoom({ id: 3 })];
    const archived = roomChanged(held, { ...summary(aRoom({ id: 3 })), archived_at: '2026-02-01T00:00:00Z' });
    expect(archived?.[0]?.archived_at).toBe('2026-02-01T00:00:00Z');
    expect(roomChanged(archived, summary(aRoom({ id: 3 })))?.[0]?.archived_at).toBe('2026-02-01T00:00:00Z');
    expect(
      roomChanged(archived, { ...summary(aRoom({ id: 3 })), archived_at: null })?.[0]?.archived_at,
    ).toBeNull();
  });

  it('leaves a list not loaded yet alone', () => {
    expect(roomChanged(undefined, summary(aRoom()))).toBeUndefined();
  });

  it("adds a new room heard on the viewer's own channel (a private room's, members only) as theirs", () => {
    const [room] = roomChanged([], summary(aRoom({ id: 4, private: true })), true) ?? [];
    expect(room).toMatchObject({ id: 4, private: true, is_member: true, unread_count: 0 });
  });
});

describe('roomInvited', () => {
  it('puts the room as the invited person sees it in id order, replacing what the list held', () => {
    const held = [aRoom({ id: 9 }), aRoom({ id: 5, name: 'Old' }), aRoom({ id: 2 })];
    const invited = aRoom({ id: 5, name: 'Now', is_member: true, unread_count: 3, my_role: 'member' });
    const next = roomInvited(held, invited);
    expect(next?.map((room) => room.id)).toEqual([9, 5, 2]);
    expect(next?.[1]).toEqual(invited);
    expect(roomInvited(held, aRoom({ id: 7, private: true }))?.map((room) => room.id)).toEqual([9, 7, 5, 2]);
    expect(roomInvited(undefined, invited)).toBeUndefined();
  });
});

describe('roomRemoved', () => {
  it('drops a private room and takes a public one out of the viewer’s rooms', () => {
    const held = [
      aRoom({ id: 3, private: true, is_member: true }),
      aRoom({ id: 2, is_member: true, unread_count: 4, mention_count: 1, my_role: 'member' }),
      aRoom({ id: 1, is_member: true }),
    ];
    expect(roomRemoved(held, 3)?.map((room) => room.id)).toEqual([2, 1]);
    const next = roomRemoved(held, 2);
    expect(next?.[1]).toMatchObject({
      id: 2,
      is_member: false,
      unread_count: 0,
      mention_count: 0,
      my_role: null,
    });
    expect(next?.[2]).toBe(held[2]);
    expect(roomRemoved(undefined, 1)).toBeUndefined();
  });
});

describe('isJoined', () => {
  it('is true only for a listed room the viewer is in', () => {
    const held = [aRoom({ id: 1, is_member: true }), aRoom({ id: 2 })];
    expect(isJoined(held, 1)).toBe(true);
    expect(isJoined(held, 2)).toBe(false);
    expect(isJoined(held, 3)).toBe(false);
    expect(isJoined(undefined, 1)).toBe(false);
  });
});

describe('roomDeleted', () => {
  it('drops the room, joined or not, public or private, and leaves the others', () => {
    const held = [aRoom({ id: 3, is_member: true }), aRoom({ id: 2, private: true }), aRoom({ id: 1 })];
    expect(roomDeleted(held, 3)?.map((room) => room.id)).toEqual([2, 1]);
    expect(roomDeleted(held, 2)?.map((room) => room.id)).toEqual([3, 1]);
    expect(roomDeleted(held, 9)?.map((room) => room.id)).toEqual([3, 2, 1]);
    expect(held).toHaveLength(3);
  });

  it('leaves a list not loaded yet alone', () => {
    expect(roomDeleted(undefined, 1)).toBeUndefined();
  });
});
