import type { Room, RoomSummary } from '@chat/shared';

/**
 * A room as a RoomCreated or RoomUpdated event describes it, put into the list this viewer holds (newest
 * first, as the API orders it). The event is the same for everyone, so a room already listed keeps this
 * viewer's own fields; a new one is not theirs yet and has nothing unread.
 */
export function roomChanged(rooms: readonly Room[] | undefined, summary: RoomSummary): Room[] | undefined {
  if (!rooms) return undefined;
  const index = rooms.findIndex((room) => room.id === summary.id);
  if (index >= 0) {
    const held = rooms[index] as Room;
    const next = [...rooms];
    next[index] = { ...held, ...summary, is_member: held.is_member, unread_count: held.unread_count };
    return next;
  }
  const room: Room = { ...summary, is_member: false, unread_count: 0 };
  const before = rooms.findIndex((held) => held.id < summary.id);
  return before < 0 ? [...rooms, room] : [...rooms.slice(0, before), room, ...rooms.slice(before)];
}

/** Whether the viewer is a member of this room, as far as the list knows. */
export function isJoined(rooms: readonly Room[] | undefined, roomId: number): boolean {
  return rooms?.some((room) => room.id === roomId && room.is_member) ?? false;
}
