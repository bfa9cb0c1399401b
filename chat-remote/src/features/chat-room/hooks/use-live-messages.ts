import {
  type MessageDeletedEvent,
  type MessageSentEvent,
  type ReactionChangedEvent,
  type RoomChangedEvent,
  type RoomMessageSentEvent,
  type RoomMessageUpdatedEvent,
  useServices,
} from '@chat/shared';
// From the constants entry, which this remote bundles, not from the shell's shared copy of '@chat/shared':
// `roomChannel` is newer than shells already deployed.
import {
  CHAT_CHANNEL,
  MESSAGE_DELETED_EVENT,
  MESSAGE_SENT_EVENT,
  MESSAGE_UPDATED_EVENT,
  REACTION_CHANGED_EVENT,
  ROOM_UPDATED_EVENT,
  roomChannel,
} from '@chat/shared/constants';
import { useEcho } from '@chat/shared/use-echo';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * Where the room's events come from: its own channel, whose events carry the message, or the spec's shared
 * 'chatroom', whose events carry ids, so each one costs a read. 'waiting' until one of them is subscribed.
 */
export type LiveSource = 'waiting' | 'room' | 'shared';

export interface LiveHandlers {
  /** An event of the room's own channel. */
  onDelivered: (event: RoomMessageSentEvent) => void;
  /** Something may be missing: a subscription (re)started, the browser is back online, or an ids-only event. */
  onStale: () => void;
  /** A message of this room was deleted by its author (on whichever channel the room is read through). */
  onDeleted: (event: MessageDeletedEvent) => void;
  /** A message of this room was edited (room channel: with the message, or null when it was too large). */
  onUpdated: (event: RoomMessageUpdatedEvent) => void;
  /** A reaction was added or taken back (room channel only). */
  onReaction: (event: ReactionChangedEvent) => void;
  /** The room itself changed: its name, description, size or owner (RoomUpdated, room channel only). */
  onRoomChanged?: (event: RoomChangedEvent) => void;
  /**
   * When the view closes, receives what would end the subscription instead of it ending: the caller keeps
   * the room live in the background and calls it later. Only on closing, never when the client changes.
   */
  linger?: (release: () => void) => void;
}

/**
 * While the room is open, listens on its own channel (`chatroom.{id}`, members only). A server that refuses it
 * (a plain Laravel backend declares only the spec's 'chatroom'; or its authorisation failed) gets the spec's
 * behaviour instead: the shared channel, and a read on each of this room's events. pusher-js asks for the room
 * channel again on every reconnect; once granted, the shared channel is left. Each subscription that succeeds
 * reads once, since events sent before it were never delivered; so does the browser coming back online, in
 * case the socket survived a short outage but its frames did not. Leaves both channels on close.
 */
export function useLiveMessages(
  roomId: number,
  { onDelivered, onStale, onDeleted, onUpdated, onReaction, onRoomChanged, linger }: LiveHandlers,
): RefObject<LiveSource> {
  const client = useEcho(useServices().echo);
  const source = useRef<LiveSource>('waiting');
  // Declared before the subscription's effect, so on closing its cleanup runs first and says so.
  const closing = useRef(false);
  useEffect(() => {
    closing.current = false;
    return () => {
      closing.current = true;
    };
  }, []);
  useEffect(() => {
    source.current = 'waiting';
    // Before the client's code has loaded there is nothing to listen on; the first page read covers it.
    if (!client) return;
    const ownName = roomChannel(roomId);
    // Echo cannot unbind `subscribed` and `error` callbacks, and a channel left and rejoined at once
    // (StrictMode) is the same pusher channel: this flag keeps a closed view's callbacks silent.
    let open = true;
    let shared: ReturnType<typeof client.private> | null = null;

    const onSharedEvent = (event: MessageSentEvent) => {
      if (open && source.current === 'shared' && event.room_id === roomId) onStale();
    };
    const onSharedDeleted = (event: MessageDeletedEvent) => {
      if (open && source.current === 'shared' && event.room_id === roomId) onDeleted(event);
    };
    const listenShared = () => {
      if (shared) return;
      shared = client.private(CHAT_CHANNEL);
      // An edit there carries ids only, like a send: a read of what changed.
      shared
        .listen(MESSAGE_SENT_EVENT, onSharedEvent)
        .listen(MESSAGE_UPDATED_EVENT, onSharedEvent)
        .listen(MESSAGE_DELETED_EVENT, onSharedDeleted);
      const caughtUp = () => {
        if (open && source.current === 'shared') onStale();
      };
      shared.subscribed(caughtUp);
      // Another view ('Your rooms', the room list) may hold 'chatroom' subscribed already: then no
      // subscription_succeeded comes until the next reconnect, and what arrived before these listeners were
      // bound is read now instead.
      if (isSubscribed(shared)) caughtUp();
    };
    const leaveShared = () => {
      if (!shared) return;
      shared
        .stopListening(MESSAGE_SENT_EVENT, onSharedEvent)
        .stopListening(MESSAGE_UPDATED_EVENT, onSharedEvent)
        .stopListening(MESSAGE_DELETED_EVENT, onSharedDeleted);
      client.leave(CHAT_CHANNEL);
      shared = null;
    };

    const onOwnEvent = (event: RoomMessageSentEvent) => {
      if (open) onDelivered(event);
    };
    const onOwnDeleted = (event: MessageDeletedEvent) => {
      if (open) onDeleted(event);
    };
    const onOwnUpdated = (event: RoomMessageUpdatedEvent) => {
      if (open) onUpdated(event);
    };
    const onOwnReaction = (event: ReactionChangedEvent) => {
      if (open) onReaction(event);
    };
    const onOwnRoomChanged = (event: RoomChangedEvent) => {
      if (open && event.room?.id === roomId) onRoomChanged?.(event);
    };
    const own = client.private(ownName);
    own
      .listen(MESSAGE_SENT_EVENT, onOwnEvent)
      .listen(MESSAGE_DELETED_EVENT, onOwnDeleted)
      .listen(MESSAGE_UPDATED_EVENT, onOwnUpdated)
      .listen(REACTION_CHANGED_EVENT, onOwnReaction)
      .listen(ROOM_UPDATED_EVENT, onOwnRoomChanged)
      .subscribed(() => {
        if (!open) return;
        source.current = 'room';
        leaveShared();
        onStale();
      })
      .error(() => {
        if (!open) return;
        source.current = 'shared';
        listenShared();
      });
    window.addEventListener('online', onStale);
    const release = () => {
      open = false;
      window.removeEventListener('online', onStale);
      own
        .stopListening(MESSAGE_SENT_EVENT, onOwnEvent)
        .stopListening(MESSAGE_DELETED_EVENT, onOwnDeleted)
        .stopListening(MESSAGE_UPDATED_EVENT, onOwnUpdated)
        .stopListening(REACTION_CHANGED_EVENT, onOwnReaction)
        .stopListening(ROOM_UPDATED_EVENT, onOwnRoomChanged);
      // Its private channel only: Echo's leave() would also leave the room's presence channel.
      client.leaveChannel(`private-${ownName}`);
      leaveShared();
    };
    return () => {
      if (closing.current && linger) linger(release);
      else release();
    };
  }, [client, roomId, onDelivered, onStale, onDeleted, onUpdated, onReaction, onRoomChanged, linger]);
  return source;
}

/** Whether Echo's channel is subscribed on the socket now (pusher-js's channel says so). */
function isSubscribed(channel: object): boolean {
  return (channel as { subscription?: { subscribed?: boolean } }).subscription?.subscribed === true;
}
