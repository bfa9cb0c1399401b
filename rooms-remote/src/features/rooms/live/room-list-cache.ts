import type { Room, RoomSummary } from '@chat/shared';

/**
 * A room as a RoomCreated or RoomUpdated event describes it, put into the list this viewer holds (newest
 * first, as the API orders it). The event is the same for everyone, so a room already listed keeps this
 * viewer's own fields; a new one heard on 'chatroom' is not theirs yet and has nothing unread. A private
 * room's events go to its members' own channels only (`heardAsMember`): a new one heard there is theirs.
 */
export function roomChanged(
  rooms: readonly Room[] | undefined,
  summary: RoomSummary,
  heardAsMember = false,
): Room[] | undefined {
  if (!rooms) return undefined;
  const index = rooms.findIndex((room) => room.id === summary.id);
  if (index >= 0) {
    const held = rooms[index] as Room;
    const next = [...rooms];
    next[index] = { ...held, ...summary, is_member: held.is_member, unread_count: held.unread_count };
    return next;
  }
  return inserted(rooms, { ...summary, is_member: heardAsMember, unread_count: 0 });
}

/** The room as RoomInvited gives it to the person invited (a member now), in place of what the list held. */
export function roomInvited(rooms: readonly Room[] | undefined, room: Room): Room[] | undefined {
  if (!rooms) return undefined;
  return inserted(
    rooms.filter((held) => held.id !== room.id),
    room,
  );
}

/**
 * After the owner removed the viewer (RemovedFromRoom): no longer theirs, and a private room no longer
 * exists for them at all. The next read of the list has the last word.
 */
export function roomRemoved(rooms: readonly Room[] | undefined, roomId: number): Room[] | undefined {
  if (!rooms) return undefined;
  return rooms.flatMap((room) => {
    if (room.id !== roomId) return [room];
    if (room.private) return [];
    return [{ ...room, is_member: false, unread_count: 0, mention_count: 0, my_role: null }];
  });
}

/** After its owner or an administrator deleted the room (RoomDeleted): gone from every list at once. */
export function roomDeleted(rooms: readonly Room[] | undefined, roomId: number): Room[] | undefined {
  if (!rooms) return undefined;
  return rooms.filter((room) => room.id !== roomId);
}

/** Whether the viewer is a member of this room, as far as the list knows. */
export function isJoined(rooms: readonly Room[] | undefined, roomId: number): boolean {
  return rooms?.some((room) => room.id === roomId && room.is_member) ?? false;
}

/** Newest first, as the API orders the list. */
function inserted(rooms: readonly Room[], room: Room): Room[] {
  const before = rooms.findIndex((held) => held.id < room.id);
  return before < 0 ? [...rooms, room] : [...rooms.slice(0, before), room, ...rooms.slice(before)];
}
