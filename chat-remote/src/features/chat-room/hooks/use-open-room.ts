import { type Room, roomQueryOptions, useServices } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useJoinRoom } from '../api/join-room';

export interface OpenRoom {
  /** The room as this member sees it (read position, unread count), once it may be shown. */
  room: Room | undefined;
  ready: boolean;
  /** The room cannot be opened: a direct message that is not theirs (404), or one that failed to load. */
  failure: string | null;
}

/**
 * Opens a room the way it was reached. From the room list ('Join'), or a link or a reload, the spec's join
 * call opens it. From 'Your rooms' (`switched`), the user is a member already: the room's own record (which
 * the panel put in the cache) opens it at once, with no join, unless it says they are no longer one. A direct
 * message is never joined: its members are fixed, and anyone else is answered 404.
 */
export function useOpenRoom(roomId: number, { direct, switched }: { direct: boolean; switched: boolean }) {
  const { http } = useServices();
  const record = useQuery({ ...roomQueryOptions(http, roomId), enabled: direct || switched, retry: false });
  const member = record.data?.is_member === true;
  const mustJoin = !direct && (!switched || (record.isSuccess && !member));
  const join = useJoinRoom(roomId);
  const { mutate: joinNow } = join;
  // Once per room, StrictMode's second effect run included: a second join is harmless but shows twice.
  const joinedRoom = useRef<number | null>(null);
  useEffect(() => {
    if (!mustJoin || joinedRoom.current === roomId) return;
    joinedRoom.current = roomId;
    joinNow();
  }, [mustJoin, roomId, joinNow]);

  if (mustJoin) {
    // The join put its room in the cache, where changes made since (the owner's settings, a new owner)
    // replace it: the room's record, once it says the user is in, is what the header follows.
    const room = join.isSuccess ? (record.data?.is_member ? record.data : join.data.room) : undefined;
    return { room, ready: join.isSuccess, failure: null } satisfies OpenRoom;
  }
  const failure = record.isError
    ? record.error.message
    : record.isSuccess && !member
      ? 'This conversation is not available.'
      : null;
  return { room: member ? record.data : undefined, ready: member, failure } satisfies OpenRoom;
}
