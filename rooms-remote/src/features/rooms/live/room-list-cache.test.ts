import { describe, expect, it } from '@rstest/core';
import { aRoom } from '../../../testing/a-room';
import { isJoined, roomChanged } from './room-list-cache';

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

  it('leaves a list not loaded yet alone', () => {
    expect(roomChanged(undefined, summary(aRoom()))).toBeUndefined();
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
