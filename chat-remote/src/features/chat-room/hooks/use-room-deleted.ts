import { useServices, useSession } from '@chat/shared';
import { ROOM_DELETED_EVENT, roomChannel, userChannel } from '@chat/shared/constants';
import type { RoomDeletedEvent } from '@chat/shared/schemas';
import { useEcho } from '@chat/shared/use-echo';
import { useEffect } from 'react';
import { useRoomGone } from './use-room-gone';

export const ROOM_WAS_DELETED = 'This room was deleted.';

/**
 * While a room is open: its deletion (RoomDeleted, by its owner or an administrator) closes it, says so, and
 * goes home. Heard on the room's own channel, and on the user's own channel, where a private room's deletion
 * comes even when the room's channel was refused. Called once the conversation shows, after the live
 * messages' hook has subscribed the room's channel (subscribing it before the join would be refused). Both
 * channels are only stopped listening to, never left: others hear on the same channel objects.
 */
export function useRoomDeleted(roomId: number): void {
  const client = useEcho(useServices().echo);
  const userId = useSession((state) => state.user?.id ?? null);
  const gone = useRoomGone(roomId);

  useEffect(() => {
    if (!client) return;
    let done = false;
    const onDeleted = (event: RoomDeletedEvent) => {
      if (done || event.room_id !== roomId) return;
      done = true;
      gone(ROOM_WAS_DELETED, true);
    };
    const channels = [roomChannel(roomId), ...(userId === null ? [] : [userChannel(userId)])].map((name) =>
      client.private(name).listen(ROOM_DELETED_EVENT, onDeleted),
    );
    return () => {
      for (const channel of channels) channel.stopListening(ROOM_DELETED_EVENT, onDeleted);
    };
  }, [client, userId, roomId, gone]);
}
