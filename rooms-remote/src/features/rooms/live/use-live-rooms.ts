import {
  type MessageDeletedEvent,
  type MessageSentEvent,
  type RemovedFromRoomEvent,
  type Room,
  type RoomChangedEvent,
  type RoomInvitedEvent,
  type RoomReadEvent,
  roomKeys,
  useServices,
  useSession,
} from '@chat/shared';
// From the constants entry, which this remote bundles: the event names are newer than shells already deployed.
import {
  CHAT_CHANNEL,
  DIRECT_MESSAGE_CLOSED_EVENT,
  MESSAGE_DELETED_EVENT,
  MESSAGE_SENT_EVENT,
  REMOVED_FROM_ROOM_EVENT,
  ROOM_CREATED_EVENT,
  ROOM_DELETED_EVENT,
  ROOM_INVITED_EVENT,
  ROOM_READ_EVENT,
  ROOM_UPDATED_EVENT,
  userChannel,
} from '@chat/shared/constants';
import { directMessageKeys } from '@chat/shared/direct-messages';
import { clearDraft } from '@chat/shared/drafts';
import type { RoomDeletedEvent } from '@chat/shared/schemas';
import { useEcho } from '@chat/shared/use-echo';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dropDraftsOfLeftRooms } from './drop-drafts-of-left-rooms';
import { isJoined, roomChanged, roomDeleted, roomInvited, roomRemoved } from './room-list-cache';

/** A burst of messages costs one read of the list, at most this long after its first event. */
export const UNREAD_REFRESH_MS = 500;

type EchoClient = NonNullable<ReturnType<typeof useEcho>>;
type QueryKey = typeof roomKeys.all | typeof directMessageKeys.all;

/**
 * One subscription per Echo client, however many views need it (the room list and the 'Your rooms' panel are
 * on screen together): Echo shares one channel object per name, so a second view leaving 'chatroom' when it
 * closed would silence the first.
 */
const live = new Map<EchoClient, { users: number; stop: () => void }>();

/**
 * Keeps the room list and 'Your rooms' live while either is shown. On the spec's `private-chatroom`, which
 * every signed-in user may hear: a room created or changed (its member count) arrives whole and goes straight
 * into the cache; a message sent or deleted in one of the viewer's rooms arrives as ids only, and unread counts
 * depend on who wrote it and on the viewer's read position, which only the server knows, so the list is read
 * again, once per burst. So is it after every (re)subscription, since events sent before it never arrived.
 * On the user's own channel: their read position moved (RoomRead: a room read in another tab or device), and
 * everything of their direct messages (MessageSent, MessageDeleted, DirectMessageClosed), which never goes on
 * 'chatroom'; so do a private room's RoomCreated, RoomUpdated, MessageSent and MessageDeleted, to its members
 * only. There too: RoomInvited (the room, as the invited person now sees it, goes into the list at once, so
 * the room list and 'Your rooms' show it without a reload) and RemovedFromRoom (the room leaves 'Your rooms',
 * a private one the list too); after either the list is read again, as the server has the last word.
 * RoomDeleted (on 'chatroom' for a public room, on the user's own channel for a private one) drops the room
 * from both lists at once.
 */
export function useLiveRooms(): void {
  const { echo, queryClient } = useServices();
  const userId = useSession((state) => state.user?.id ?? null);
  const client = useEcho(echo);
  useEffect(() => {
    if (!client || userId === null) return;
    const held = live.get(client) ?? { users: 0, stop: subscribe(client, queryClient, userId) };
    held.users += 1;
    live.set(client, held);
    return () => {
      held.users -= 1;
      if (held.users > 0) return;
      live.delete(client);
      held.stop();
    };
  }, [client, queryClient, userId]);
}

function subscribe(client: EchoClient, queryClient: QueryClient, userId: number): () => void {
  // Echo cannot unbind `subscribed` callbacks, and a channel left and joined again (StrictMode) is the
  // same pusher channel: this flag keeps a closed list's callbacks silent.
  let open = true;
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const refreshSoon = (queryKey: QueryKey) => {
    const name = queryKey[0];
    if (!open || pending.has(name)) return;
    pending.set(
      name,
      setTimeout(() => {
        pending.delete(name);
        void queryClient.invalidateQueries({ queryKey, exact: true });
      }, UNREAD_REFRESH_MS),
    );
  };
  const onRoom = ({ room }: RoomChangedEvent) => {
    if (open) queryClient.setQueryData<Room[]>(roomKeys.all, (rooms) => roomChanged(rooms, room));
  };
  // A private room's, heard by its members alone.
  const onOwnRoom = ({ room }: RoomChangedEvent) => {
    if (open) queryClient.setQueryData<Room[]>(roomKeys.all, (rooms) => roomChanged(rooms, room, true));
  };
  const onInvited = ({ room }: RoomInvitedEvent) => {
    if (!open) return;
    queryClient.setQueryData<Room[]>(roomKeys.all, (rooms) => roomInvited(rooms, room));
    refreshSoon(roomKeys.all);
  };
  const onRemoved = ({ room_id }: RemovedFromRoomEvent) => {
    clearDraft(userId, room_id);
    if (!open) return;
    queryClient.setQueryData<Room[]>(roomKeys.all, (rooms) => roomRemoved(rooms, room_id));
    refreshSoon(roomKeys.all);
  };
  // On 'chatroom' (a public room) or the user's own channel (a private one of theirs): gone for everyone.
  const onDeleted = ({ room_id }: RoomDeletedEvent) => {
    clearDraft(userId, room_id);
    if (open) queryClient.setQueryData<Room[]>(roomKeys.all, (rooms) => roomDeleted(rooms, room_id));
  };
  const onRoomMessage = (event: MessageSentEvent | MessageDeletedEvent) => {
    if (isJoined(queryClient.getQueryData<Room[]>(roomKeys.all), event.room_id)) refreshSoon(roomKeys.all);
  };
  // On the user's own channel: a read moved in a room or a direct message, or a direct message changed.
  const onOwn = (event: MessageSentEvent | MessageDeletedEvent | RoomReadEvent) => {
    if (isJoined(queryClient.getQueryData<Room[]>(roomKeys.all), event.room_id)) refreshSoon(roomKeys.all);
    else refreshSoon(directMessageKeys.all);
  };
  const onClosed = () => refreshSoon(directMessageKeys.all);
  const stopDroppingDrafts = dropDraftsOfLeftRooms(queryClient, userId);

  const channel = client.private(CHAT_CHANNEL);
  channel
    .listen(ROOM_CREATED_EVENT, onRoom)
    .listen(ROOM_UPDATED_EVENT, onRoom)
    .listen(ROOM_DELETED_EVENT, onDeleted)
    .listen(MESSAGE_SENT_EVENT, onRoomMessage)
    .listen(MESSAGE_DELETED_EVENT, onRoomMessage)
    .subscribed(() => refreshSoon(roomKeys.all));
  const own = client
    .private(userChannel(userId))
    .listen(ROOM_READ_EVENT, onOwn)
    .listen(MESSAGE_SENT_EVENT, onOwn)
    .listen(MESSAGE_DELETED_EVENT, onOwn)
    .listen(DIRECT_MESSAGE_CLOSED_EVENT, onClosed)
    .listen(ROOM_CREATED_EVENT, onOwnRoom)
    .listen(ROOM_UPDATED_EVENT, onOwnRoom)
    .listen(ROOM_INVITED_EVENT, onInvited)
    .listen(REMOVED_FROM_ROOM_EVENT, onRemoved)
    .listen(ROOM_DELETED_EVENT, onDeleted)
    .subscribed(() => {
      // Private rooms' events come here too: what was missed meanwhile, the lists' next read has.
      refreshSoon(directMessageKeys.all);
      refreshSoon(roomKeys.all);
    });
  return () => {
    open = false;
    stopDroppingDrafts();
    for (const timer of pending.values()) clearTimeout(timer);
    channel
      .stopListening(ROOM_CREATED_EVENT, onRoom)
      .stopListening(ROOM_UPDATED_EVENT, onRoom)
      .stopListening(ROOM_DELETED_EVENT, onDeleted)
      .stopListening(MESSAGE_SENT_EVENT, onRoomMessage)
      .stopListening(MESSAGE_DELETED_EVENT, onRoomMessage);
    client.leave(CHAT_CHANNEL);
    // Never left: the shell's notifications listen on the same channel object, which Echo's `leave` would
    // silence too.
    own
      .stopListening(ROOM_READ_EVENT, onOwn)
      .stopListening(MESSAGE_SENT_EVENT, onOwn)
      .stopListening(MESSAGE_DELETED_EVENT, onOwn)
      .stopListening(DIRECT_MESSAGE_CLOSED_EVENT, onClosed)
      .stopListening(ROOM_CREATED_EVENT, onOwnRoom)
      .stopListening(ROOM_UPDATED_EVENT, onOwnRoom)
      .stopListening(ROOM_INVITED_EVENT, onInvited)
      .stopListening(REMOVED_FROM_ROOM_EVENT, onRemoved)
      .stopListening(ROOM_DELETED_EVENT, onDeleted);
  };
}
