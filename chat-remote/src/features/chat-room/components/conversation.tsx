import { type Message, useServices, useSession } from '@chat/shared';
import { App, Button, Result, Typography, theme } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { searchMessages } from '../api/search-messages';
import { useChatRoom } from '../hooks/use-chat-room';
import { useDraftReply } from '../hooks/use-draft-reply';
import { useFileDrop } from '../hooks/use-file-drop';
import { useFillHeight } from '../hooks/use-fill-height';
import type { JumpRequest } from '../hooks/use-jump-highlight';
import { JumpToMessageProvider } from '../hooks/use-jump-to-message';
import { useRoomDeleted } from '../hooks/use-room-deleted';
import { type RoomPermissions, RoomPermissionsProvider } from '../hooks/use-room-permissions';
import { RoomStoreProvider } from '../hooks/use-room-store';
import { useUnreadDivider } from '../hooks/use-unread-divider';
import { attachmentProblem } from '../lib/attachment-check';
import { quoteOf } from '../model/reply-quote';
import { clearScrollAnchor, readScrollAnchor } from '../model/scroll-anchor';
import { aroundClosed, jumpedTo } from '../model/state/around';
import { inAround } from '../model/state/selectors';
import { arrivedAfter, timeline } from '../model/timeline';
import { ArchivedNotice } from './archived-notice';
import { MessageBar } from './message-bar';
import { MessageList } from './message-list';
import { ReconnectingBanner } from './reconnecting-banner';
import { SearchMessages } from './search-panel';

/** Room for the fixed message bar (10px from the bottom) under the list. */
const BAR_RESERVE = 100;
/** The bar's distance from the bottom, and a gap above it. */
const BAR_CLEARANCE = 10 + 16;
const LIST_LEAST_HEIGHT = 240;

interface ConversationProps {
  roomId: number;
  /** The newest page, requested while the room was being joined. */
  openingPage?: Promise<Message[] | null>;
  /**
   * This user's read position when the room was joined (the join's `room.last_read_id`), and how many of the
   * others' messages came after it. Undefined from an API without read positions: the room opens at the end.
   */
  lastReadId?: number | null;
  unreadCount?: number;
  /** Archived (no bar, no writing actions), and whether this user may delete anyone's message. */
  permissions?: RoomPermissions;
}

const WRITABLE: RoomPermissions = { archived: false, moderator: false };

/** The joined room: live message list and message bar; images can be picked, pasted or dropped. */
export function Conversation({
  roomId,
  openingPage,
  lastReadId,
  unreadCount = 0,
  permissions = WRITABLE,
}: ConversationProps) {
  const room = useChatRoom(roomId, openingPage);
  // After the room's live messages: they subscribe the room's channel this listens on.
  useRoomDeleted(roomId);
  const { http } = useServices();
  const user = useSession((state) => state.user);
  useDraftReply(room.store, user?.id ?? null, roomId);
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const messages = useStore(room.store, (state) => state.messages);
  const outbox = useStore(room.store, (state) => state.outbox);
  const loaded = useStore(room.store, (state) => state.cursor !== null);
  const hasOlder = useStore(room.store, (state) => state.hasOlder);
  const loadingOlder = useStore(room.store, (state) => state.loadingOlder);
  const loadError = useStore(room.store, (state) => state.loadError);
  const around = useStore(room.store, (state) => state.around);
  const liveRows = useMemo(() => timeline(messages, outbox), [messages, outbox]);
  const [followSignal, setFollowSignal] = useState(0);
  // A bar grown by lines being typed takes its height from the list, so it never covers the last message:
  // on a phone, where the list is at its least height already, that least gives way by as much.
  const [barHeight, setBarHeight] = useState(0);
  const barReserve = Math.max(BAR_RESERVE, Math.ceil(barHeight) + BAR_CLEARANCE);
  const [listRef, height] = useFillHeight<HTMLDivElement>(
    barReserve,
    LIST_LEAST_HEIGHT - (barReserve - BAR_RESERVE),
  );
  const [jump, setJump] = useState<JumpRequest | null>(null);
  const { loadUntil, openAround, loadBackTo, store } = room;
  const jumpSoon = useCallback(
    (messageId: number) => setJump((last) => ({ messageId, serial: (last?.serial ?? 0) + 1 })),
    [],
  );
  // A reply's original may be thousands of messages back: older pages load until it is held. In the
  // around-window, an original the window does not hold opens a window around it instead.
  const jumpTo = useCallback(
    (messageId: number) => {
      if (store.getState().around) {
        if (inAround(store.getState(), messageId)) jumpSoon(messageId);
        else
          void openAround(messageId).then((found) => {
            if (!found) void message.info('The original message could not be found.');
            else {
              store.setState((state) => jumpedTo(state, messageId));
              jumpSoon(messageId);
            }
          });
        return;
      }
      void loadUntil(messageId).then((found) => {
        if (found) jumpSoon(messageId);
        else void message.info('The original message could not be found.');
      });
    },
    [loadUntil, openAround, store, jumpSoon, message],
  );
  // A search result: held in the live log, it is jumped to as a reply's original is; otherwise the page
  // around it is read into a window apart from the live log, which keeps receiving meanwhile.
  const openResult = useCallback(
    (messageId: number) => {
      void openAround(messageId).then((found) => {
        if (!found) {
          void message.info('This message could not be found.');
          return;
        }
        store.setState((state) => jumpedTo(state, messageId));
        jumpSoon(messageId);
      });
    },
    [openAround, store, jumpSoon, message],
  );
  const lastWindowEnd = useRef<number | null>(null);
  // After a handover from another version of this remote, where the reader was (the live log opens there);
  // cleared once this view is committed, not while rendering: React may discard a render and make it again.
  const [liveOpenAt, setLiveOpenAt] = useState<number | null>(() => readScrollAnchor(roomId));
  useEffect(() => clearScrollAnchor(roomId), [roomId]);
  const jumpToLatest = useCallback(() => {
    setJump(null);
    setLiveOpenAt(null);
    lastWindowEnd.current = null;
    store.setState(aroundClosed);
  }, [store]);
  const search = useCallback(
    (q: string, beforeId: number | null) => searchMessages(http, roomId, q, beforeId),
    [http, roomId],
  );

  // Open where the reader left off: above the first of the others' messages after the read position.
  const ownId = user?.id ?? null;
  const opening = useUnreadDivider(store, { loaded, lastReadId, unreadCount, ownId, loadBackTo });
  const firstUnread = opening.decided ? opening.firstUnread : null;

  // When the window meets the live log it joins it: the live view opens where the window ended.
  useEffect(() => {
    if (around) lastWindowEnd.current = around.messages.at(-1)?.id ?? null;
    else if (lastWindowEnd.current !== null) {
      // Jump to latest clears it first: then the live view opens at its end.
      setLiveOpenAt(lastWindowEnd.current);
      setJump(null);
      lastWindowEnd.current = null;
    }
  }, [around]);

  const rows = around ? around.messages : liveRows;
  const viewKey = around ? `window:${around.targetId}` : `live:${opening.decided}:${liveOpenAt ?? ''}`;

  const sendImages = (files: File[], replyTo: Message | null = null) => {
    for (const file of files) {
      const problem = attachmentProblem(file);
      if (problem) {
        void message.error(`${file.name}: ${problem}`);
        continue;
      }
      if (store.getState().around) jumpToLatest();
      room.outbox.sendImage(file, replyTo && quoteOf(replyTo));
      setFollowSignal((n) => n + 1);
    }
  };
  const drop = useFileDrop(sendImages);

  return (
    <RoomStoreProvider value={room.store}>
      <RoomPermissionsProvider value={permissions}>
        <JumpToMessageProvider value={jumpTo}>
          <div {...drop.handlers} style={{ position: 'relative' }}>
            <SearchMessages search={search} onOpen={openResult} panelHeight={height} />
            <div ref={listRef} />
            <ReconnectingBanner />
            {loadError && !loaded ? (
              <Result
                status="warning"
                title="The messages could not be loaded."
                subTitle={loadError}
                extra={<Button onClick={room.retryLoad}>Try again</Button>}
                style={{ height }}
              />
            ) : (
              <MessageList
                key={viewKey}
                rows={opening.decided ? rows : []}
                loaded={loaded && opening.decided}
                hasOlder={around ? around.hasOlder : hasOlder}
                loadingOlder={around ? around.loadingOlder : loadingOlder}
                onLoadOlder={around ? room.loadWindowOlder : room.loadOlder}
                hasNewer={around?.hasNewer}
                loadingNewer={around?.loadingNewer}
                onLoadNewer={around ? room.loadWindowNewer : undefined}
                onJumpToLatest={around ? jumpToLatest : undefined}
                arrivedMeanwhile={around ? arrivedAfter(liveRows, around.liveNewest, ownId) : 0}
                onNewestSeen={around ? undefined : room.markSeen}
                handoverRoomId={around ? undefined : roomId}
                ownUser={user}
                actions={room.outbox}
                followSignal={followSignal}
                jump={jump}
                openAtId={around ? null : (liveOpenAt ?? firstUnread)}
                dividerBeforeId={firstUnread}
                height={height}
              />
            )}
            {drop.active && (
              <div
                style={{
                  position: 'absolute',
                  inset: 0,
                  display: 'grid',
                  placeItems: 'center',
                  border: `2px dashed ${token.colorPrimary}`,
                  borderRadius: token.borderRadiusLG,
                  background: token.colorBgMask,
                  zIndex: 4,
                  pointerEvents: 'none',
                }}
              >
                <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4 }}>
                  Drop an image to send it
                </Typography.Title>
              </div>
            )}
            {permissions.archived ? (
              <ArchivedNotice />
            ) : (
              <MessageBar
                roomId={roomId}
                onSendText={(content, replyTo) => {
                  if (store.getState().around) jumpToLatest();
                  room.outbox.sendText(content, replyTo && quoteOf(replyTo));
                  setFollowSignal((n) => n + 1);
                }}
                onImages={sendImages}
                onHeight={setBarHeight}
              />
            )}
          </div>
        </JumpToMessageProvider>
      </RoomPermissionsProvider>
    </RoomStoreProvider>
  );
}
