import { useServices, useSession } from '@chat/shared';
import { REMOVED_FROM_ROOM_EVENT, userChannel } from '@chat/shared/constants';
import type { RemovedFromRoomEvent } from '@chat/shared/schemas';
import { useEcho } from '@chat/shared/use-echo';
import { useEffect } from 'react';
import { useRoomGone } from './use-room-gone';

/**
 * While a room is open: its owner removing the user (RemovedFromRoom on the user's own channel) closes it,
 * says so, and goes home. The channel is never left, only stopped listening to: the shell's notifications
 * and the room list hear on the same channel object.
 */
export function useRemoval(roomId: number): void {
  const client = useEcho(useServices().echo);
  const userId = useSession((state) => state.user?.id ?? null);
  const gone = useRoomGone(roomId);

  useEffect(() => {
    if (!client || userId === null) return;
    const onRemoved = (event: RemovedFromRoomEvent) => {
      if (event.room_id === roomId) gone(`You were removed from ${event.room_name}.`);
    };
    const own = client.private(userChannel(userId)).listen(REMOVED_FROM_ROOM_EVENT, onRemoved);
    return () => {
      own.stopListening(REMOVED_FROM_ROOM_EVENT, onRemoved);
    };
  }, [client, userId, roomId, gone]);
}
