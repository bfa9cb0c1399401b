import { roomKeys, routes, useServices, useSession } from '@chat/shared';
import { ROOM_DELETED_EVENT, roomChannel, userChannel } from '@chat/shared/constants';
import type { RoomDeletedEvent } from '@chat/shared/schemas';
import { useEcho } from '@chat/shared/use-echo';
import { App } from 'antd';
import { useEffect } from 'react';
import { forgetRecentRoom } from '../model/recent-rooms';

export const ROOM_WAS_DELETED = 'This room was deleted.';

/**
 * While a room is open: its deletion (RoomDeleted, by its owner or an administrator) closes it, says so, and
 * goes home. Heard on the room's own channel, and on the user's own channel, where a private room's deletion
 * comes even when the room's channel was refused. Called once the conversation shows, after the live
 * messages' hook has subscribed the room's channel (subscribing it before the join would be refused). Both
 * channels are only stopped listening to, never left: others hear on the same channel objects.
 */
export function useRoomDeleted(roomId: number): void {
  const services = useServices();
  const { http, queryClient, navigation } = services;
  const client = useEcho(services.echo);
  const userId = useSession((state) => state.user?.id ?? null);
  const { message } = App.useApp();

  useEffect(() => {
    if (!client) return;
    let done = false;
    const onDeleted = (event: RoomDeletedEvent) => {
      if (done || event.room_id !== roomId) return;
      done = true;
      forgetRecentRoom(http, roomId);
      queryClient.removeQueries({ queryKey: roomKeys.detail(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.all });
      void message.warning(ROOM_WAS_DELETED);
      navigation.navigate(routes.home);
    };
    const channels = [roomChannel(roomId), ...(userId === null ? [] : [userChannel(userId)])].map((name) =>
      client.private(name).listen(ROOM_DELETED_EVENT, onDeleted),
    );
    return () => {
      for (const channel of channels) channel.stopListening(ROOM_DELETED_EVENT, onDeleted);
    };
  }, [client, userId, roomId, http, queryClient, navigation, message]);
}
