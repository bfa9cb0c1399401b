import {
  type MessageDeletedEvent,
  type MessageSentEvent,
  type Room,
  type RoomChangedEvent,
  type RoomReadEvent,
  roomKeys,
  useServices,
  useSession,
} from '@chat/shared';
// From the constants entry, which this remote bundles: the event names are newer than shells already deployed.
import {
  CHAT_CHANNEL,
  MESSAGE_DELETED_EVENT,
  MESSAGE_SENT_EVENT,
  ROOM_CREATED_EVENT,
  ROOM_READ_EVENT,
  ROOM_UPDATED_EVENT,
  userChannel,
} from '@chat/shared/constants';
import { useEcho } from '@chat/shared/use-echo';
import { useEffect } from 'react';
import { isJoined, roomChanged } from './room-list-cache';

/** A burst of messages costs one read of the list, at most this long after its first event. */
export const UNREAD_REFRESH_MS = 500;

/**
 * Keeps the room list live while it is shown, on the spec's `private-chatroom`, which every signed-in user
 * may hear. A room created or changed (its member count) arrives whole and goes straight into the cache.
 * A message sent or deleted in one of the viewer's rooms arrives as ids only, and unread counts depend on
 * who wrote it and on the viewer's read position, which only the server knows: the list is read again,
 * once per burst. So is it after every (re)subscription, since events sent before it never arrived, and when
 * this user's read position moved in one of their rooms (RoomRead on their own channel: a room read in
 * another tab or device).
 */
export function useLiveRooms(): void {
  const { echo, queryClient } = useServices();
  const userId = useSession((state) => state.user?.id ?? null);
  const client = useEcho(echo);
  useEffect(() => {
    if (!client) return;
    // Echo cannot unbind `subscribed` callbacks, and a channel left and joined again (StrictMode) is the
    // same pusher channel: this flag keeps a closed list's callbacks silent.
    let open = true;
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      refresh ??= setTimeout(() => {
        refresh = undefined;
        void queryClient.invalidateQueries({ queryKey: roomKeys.all, exact: true });
      }, UNREAD_REFRESH_MS);
    };
    const onRoom = ({ room }: RoomChangedEvent) => {
      if (open) queryClient.setQueryData<Room[]>(roomKeys.all, (rooms) => roomChanged(rooms, room));
    };
    const onUnreadChanged = (event: MessageSentEvent | MessageDeletedEvent | RoomReadEvent) => {
      if (open && isJoined(queryClient.getQueryData<Room[]>(roomKeys.all), event.room_id)) refreshSoon();
    };

    const channel = client.private(CHAT_CHANNEL);
    channel
      .listen(ROOM_CREATED_EVENT, onRoom)
      .listen(ROOM_UPDATED_EVENT, onRoom)
      .listen(MESSAGE_SENT_EVENT, onUnreadChanged)
      .listen(MESSAGE_DELETED_EVENT, onUnreadChanged)
      .subscribed(() => {
        if (open) refreshSoon();
      });
    const own =
      userId === null ? null : client.private(userChannel(userId)).listen(ROOM_READ_EVENT, onUnreadChanged);
    return () => {
      open = false;
      clearTimeout(refresh);
      channel
        .stopListening(ROOM_CREATED_EVENT, onRoom)
        .stopListening(ROOM_UPDATED_EVENT, onRoom)
        .stopListening(MESSAGE_SENT_EVENT, onUnreadChanged)
        .stopListening(MESSAGE_DELETED_EVENT, onUnreadChanged);
      client.leave(CHAT_CHANNEL);
      // Never left: the shell's mention notifications listen on the same channel object, which Echo's
      // `leave` would silence too.
      own?.stopListening(ROOM_READ_EVENT, onUnreadChanged);
    };
  }, [client, queryClient, userId]);
}
