import { type Message, useServices, useSession } from '@chat/shared';
import { App, Button, Result, Typography, theme } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { searchMessages } from '../api/search-messages';
import { useChatRoom } from '../hooks/use-chat-room';
import { useFileDrop } from '../hooks/use-file-drop';
import { useFillHeight } from '../hooks/use-fill-height';
import { JumpToMessageProvider } from '../hooks/use-jump-to-message';
import { RoomStoreProvider } from '../hooks/use-room-store';
import { attachmentProblem } from '../lib/attachment-check';
import { windowClosed } from '../model/chat-state';
import { quoteOf } from '../model/reply-quote';
import { arrivedAfter, timeline } from '../model/timeline';
import { MessageBar } from './message-bar';
import { type JumpRequest, MessageList } from './message-list';
import { ReconnectingBanner } from './reconnecting-banner';
import { SearchMessages } from './search-panel';

/** Room for the fixed message bar (10px from the bottom) under the list. */
const BAR_RESERVE = 100;

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
}

/** Where the room opens: undecided until the first page (and any older ones the unread reach back to) is in. */
type Opening = { decided: false } | { decided: true; firstUnread: number | null };

/** The joined room: live message list and message bar; images can be picked, pasted or dropped. */
export function Conversation({ roomId, openingPage, lastReadId, unreadCount = 0 }: ConversationProps) {
  const room = useChatRoom(roomId, openingPage);
  const { http } = useServices();
  const user = useSession((state) => state.user);
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const messages = useStore(room.store, (state) => state.messages);
  const outbox = useStore(room.store, (state) => state.outbox);
  const loaded = useStore(room.store, (state) => state.cursor !== null);
  const hasOlder = useStore(room.store, (state) => state.hasOlder);
  const loadingOlder = useStore(room.store, (state) => state.loadingOlder);
  const loadError = useStore(room.store, (state) => state.loadError);
  const around = useStore(room.store, (state) => state.window);
  const liveRows = useMemo(() => timeline(messages, outbox), [messages, outbox]);
  const [followSignal, setFollowSignal] = useState(0);
  const [listRef, height] = useFillHeight<HTMLDivElement>(BAR_RESERVE);
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
      const { window: shown } = store.getState();
      if (shown) {
        if (shown.messages.some(({ id }) => id === messageId)) jumpSoon(messageId);
        else
          void openAround(messageId).then((found) => {
            if (!found) void message.info('The original message could not be found.');
            else {
              if (!store.getState().window?.messages.some(({ id }) => id === messageId))
                store.setState(windowClosed);
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
        const { window: shown } = store.getState();
        if (shown && !shown.messages.some(({ id }) => id === messageId)) store.setState(windowClosed);
        jumpSoon(messageId);
      });
    },
    [openAround, store, jumpSoon, message],
  );
  const lastWindowEnd = useRef<number | null>(null);
  const [liveOpenAt, setLiveOpenAt] = useState<number | null>(null);
  const jumpToLatest = useCallback(() => {
    setJump(null);
    setLiveOpenAt(null);
    lastWindowEnd.current = null;
    store.setState(windowClosed);
  }, [store]);
  const search = useCallback(
    (q: string, beforeId: number | null) => searchMessages(http, roomId, q, beforeId),
    [http, roomId],
  );

  // Open where the reader left off: above the first of the others' messages after the read position,
  // reading back to it first if the opening page does not reach it. Decided once; the divider stays there
  // while the room is open, however far the read position moves meanwhile.
  const ownId = user?.id ?? null;
  const [opening, setOpening] = useState<Opening>({ decided: false });
  const deciding = useRef(false);
  useEffect(() => {
    if (!loaded || deciding.current) return;
    deciding.current = true;
    if (lastReadId === undefined || unreadCount <= 0) {
      setOpening({ decided: true, firstUnread: null });
      return;
    }
    const boundary = lastReadId ?? 0;
    void loadBackTo(boundary).then(() => {
      const first = store
        .getState()
        .messages.find(({ id, user: author }) => id > boundary && author.id !== ownId);
      setOpening({ decided: true, firstUnread: first?.id ?? null });
    });
  }, [loaded, lastReadId, unreadCount, loadBackTo, store, ownId]);
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
      if (store.getState().window) jumpToLatest();
      room.outbox.sendImage(file, replyTo && quoteOf(replyTo));
      setFollowSignal((n) => n + 1);
    }
  };
  const drop = useFileDrop(sendImages);

  return (
    <RoomStoreProvider value={room.store}>
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
          <MessageBar
            roomId={roomId}
            onSendText={(content, replyTo) => {
              if (store.getState().window) jumpToLatest();
              room.outbox.sendText(content, replyTo && quoteOf(replyTo));
              setFollowSignal((n) => n + 1);
            }}
            onImages={sendImages}
          />
        </div>
      </JumpToMessageProvider>
    </RoomStoreProvider>
  );
}
