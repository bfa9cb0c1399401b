import { type Message, useSession } from '@chat/shared';
import { App, Button, Result, Typography, theme } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useChatRoom } from '../hooks/use-chat-room';
import { useFileDrop } from '../hooks/use-file-drop';
import { useFillHeight } from '../hooks/use-fill-height';
import { JumpToMessageProvider } from '../hooks/use-jump-to-message';
import { RoomStoreProvider } from '../hooks/use-room-store';
import { attachmentProblem } from '../lib/attachment-check';
import { quoteOf } from '../model/reply-quote';
import { timeline } from '../model/timeline';
import { MessageBar } from './message-bar';
import { type JumpRequest, MessageList } from './message-list';
import { ReconnectingBanner } from './reconnecting-banner';

/** Room for the fixed message bar (10px from the bottom) under the list. */
const BAR_RESERVE = 100;

interface ConversationProps {
  roomId: number;
  /** The newest page, requested while the room was being joined. */
  openingPage?: Promise<Message[] | null>;
}

/** The joined room: live message list and message bar; images can be picked, pasted or dropped. */
export function Conversation({ roomId, openingPage }: ConversationProps) {
  const room = useChatRoom(roomId, openingPage);
  const user = useSession((state) => state.user);
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const messages = useStore(room.store, (state) => state.messages);
  const outbox = useStore(room.store, (state) => state.outbox);
  const loaded = useStore(room.store, (state) => state.cursor !== null);
  const hasOlder = useStore(room.store, (state) => state.hasOlder);
  const loadingOlder = useStore(room.store, (state) => state.loadingOlder);
  const loadError = useStore(room.store, (state) => state.loadError);
  const rows = useMemo(() => timeline(messages, outbox), [messages, outbox]);
  const [followSignal, setFollowSignal] = useState(0);
  const [listRef, height] = useFillHeight<HTMLDivElement>(BAR_RESERVE);
  const [jump, setJump] = useState<JumpRequest | null>(null);
  const { loadUntil } = room;
  // A reply's original may be thousands of messages back: older pages load until it is held.
  const jumpTo = useCallback(
    (messageId: number) => {
      void loadUntil(messageId).then((found) => {
        if (found) setJump((last) => ({ messageId, serial: (last?.serial ?? 0) + 1 }));
        else void message.info('The original message could not be found.');
      });
    },
    [loadUntil, message],
  );

  const sendImages = (files: File[], replyTo: Message | null = null) => {
    for (const file of files) {
      const problem = attachmentProblem(file);
      if (problem) {
        void message.error(`${file.name}: ${problem}`);
        continue;
      }
      room.outbox.sendImage(file, replyTo && quoteOf(replyTo));
      setFollowSignal((n) => n + 1);
    }
  };
  const drop = useFileDrop(sendImages);

  return (
    <RoomStoreProvider value={room.store}>
      <JumpToMessageProvider value={jumpTo}>
        <div ref={listRef} {...drop.handlers} style={{ position: 'relative' }}>
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
              rows={rows}
              loaded={loaded}
              hasOlder={hasOlder}
              loadingOlder={loadingOlder}
              onLoadOlder={room.loadOlder}
              ownUser={user}
              actions={room.outbox}
              followSignal={followSignal}
              jump={jump}
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
            onSendText={(content, replyTo) => {
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
