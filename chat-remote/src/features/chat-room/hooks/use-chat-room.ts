import {
  getMessages,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  type Message,
  type ReactionChangedEvent,
  type Room,
  type RoomChangedEvent,
  type RoomMessageUpdatedEvent,
  roomKeys,
  treesAsked,
  useServices,
  useSession,
} from '@chat/shared';
import { useEffect, useRef, useState } from 'react';
import { takeTreesOf } from '../markdown/use-message-tree';
import { createChatStore } from '../model/chat-store';
import { createMessageSync } from '../model/message-sync';
import { claimRecentRoom, type KeptRoom, keepRecentRoom, recentRoom } from '../model/recent-rooms';
import { messageDeleted } from '../model/state/log';
import { messageUpdated, reactionChanged } from '../model/state/message-changes';
import { useLiveMessages } from './use-live-messages';
import { useMarkRead } from './use-mark-read';
import { type OutboxActions, useOutbox } from './use-outbox';

/**
 * A joined room: its messages, kept complete by live events and catch-ups, and the means to send. On the
 * room's own channel a message arrives with its event and costs no read; a read runs only to fill a gap.
 */
export function useChatRoom(roomId: number, openingPage?: Promise<Message[] | null>) {
  const { http } = useServices();
  const [kept] = useState((): KeptRoom => {
    const recent = recentRoom(http, roomId);
    if (recent) return recent;
    const store = createChatStore();
    const sync = createMessageSync({
      // Each page comes with its messages' syntax trees, taken before it renders (takeTreesOf).
      fetchPage: (query) =>
        getMessages(http, roomId, { ...query, ...treesAsked() }).then((page) => {
          takeTreesOf(page);
          return page;
        }),
      store,
      latestLimit: MESSAGES_PAGE_DEFAULT,
      pageLimit: MESSAGES_PAGE_MAX,
      openingPage: openingPage?.then((page) => {
        takeTreesOf(page);
        return page;
      }),
    });
    return { store, sync };
  });
  const { store, sync } = kept;
  // Switching rooms closes this view; the room stays live for five minutes and reopens on what it holds.
  useEffect(() => claimRecentRoom(http, roomId), [http, roomId]);
  const [linger] = useState(() => (release: () => void) => keepRecentRoom(http, roomId, kept, release));
  const [catchUp] = useState(() => () => void sync.catchUp());
  const [onDeleted] = useState(
    () =>
      ({ message_id }: { message_id: number }) =>
        store.setState((state) => messageDeleted(state, message_id)),
  );

  const ownId = useSession((state) => state.user?.id ?? null);
  const [onUpdated] = useState(() => (event: RoomMessageUpdatedEvent) => {
    // Too large for an event: the catch-up's changed_after brings it.
    if (event.message) store.setState((state) => messageUpdated(state, event.message as Message, true));
    else catchUp();
  });
  const ownIdRef = useRef(ownId);
  ownIdRef.current = ownId;
  const [onReaction] = useState(
    () => (event: ReactionChangedEvent) =>
      store.setState((state) => reactionChanged(state, event, ownIdRef.current)),
  );

  // A rename (or any change of the room) seen by every member with the room open: the header reads the
  // room's cached record. Only the summary's fields change; this member's own (unread, role) stay.
  const { queryClient } = useServices();
  const [onRoomChanged] = useState(() => ({ room }: RoomChangedEvent) => {
    queryClient.setQueryData<Room>(roomKeys.detail(roomId), (held) => held && { ...held, ...room });
  });

  useEffect(() => catchUp(), [catchUp]);
  const source = useLiveMessages(roomId, {
    onDelivered: sync.receive,
    onStale: catchUp,
    onDeleted,
    onUpdated,
    onReaction,
    onRoomChanged,
    linger,
  });
  const markSeen = useMarkRead(roomId);
  // Spec: after a message is sent, the room's message list is refetched (here: everything after the cursor).
  // On the room's own channel the send's event brings it, and shows whether anything came before it.
  const [afterSend] = useState(() => () => {
    if (source.current !== 'room') catchUp();
  });
  const outbox: OutboxActions = useOutbox(roomId, store, afterSend);

  return {
    store,
    loadOlder: sync.loadOlder,
    loadUntil: sync.loadUntil,
    loadBackTo: sync.loadBackTo,
    openAround: sync.openAround,
    loadWindowOlder: sync.loadWindowOlder,
    loadWindowNewer: sync.loadWindowNewer,
    retryLoad: catchUp,
    outbox,
    markSeen,
  };
}
