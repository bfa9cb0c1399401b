import { MESSAGE_CONTENT_MAX, type Message, useSession } from '@chat/shared';
import { readDraft, writeDraft } from '@chat/shared/drafts';
import { Button, Flex, type GetRef, Input, theme } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { EmojiButton } from '../emoji/emoji-button';
import { useColumnBox } from '../hooks/use-column-box';
import { useElementHeight } from '../hooks/use-element-height';
import { useFittedHeight } from '../hooks/use-fitted-height';
import { useMentionPicker } from '../hooks/use-mention-picker';
import { useRoomPresence } from '../hooks/use-room-presence';
import { useRoomStore } from '../hooks/use-room-store';
import { replyChosen } from '../model/state/log';
import { ImageButton } from './image-button';
import { MentionList } from './mention-list';
import { ReplyBanner } from './reply-banner';
import { TypingIndicator } from './typing-indicator';

export const BLANK_MESSAGE_ALERT = 'Please enter a message!';

interface MessageBarProps {
  roomId: number;
  /** `replyTo`: the message the text answers, if the bar was replying. */
  onSendText: (content: string, replyTo: Message | null) => void;
  onImages: (files: File[], replyTo: Message | null) => void;
  /** The bar's height, now and as it grows (lines typed, a reply banner): the list keeps clear of it. */
  onHeight?: (height: number) => void;
}

/** The bar fixed 10px from the bottom: text, an image picker (PNG and JPEG only), and Send. */
export function MessageBar({ roomId, onSendText, onImages, onHeight }: MessageBarProps) {
  const userId = useSession((state) => state.user?.id ?? null);
  const [text, setShown] = useState(() => (userId === null ? '' : readDraft(userId, roomId).text));
  const setText = (value: string) => {
    setShown(value);
    if (userId !== null) writeDraft(userId, roomId, { text: value });
  };
  const input = useRef<GetRef<typeof Input.TextArea>>(null);
  useFittedHeight(input, text, 6);
  const column = useRef<HTMLDivElement>(null);
  const box = useColumnBox(column);
  const bar = useRef<HTMLDivElement>(null);
  useElementHeight(bar, onHeight);
  const { token } = theme.useToken();
  // The others see '… is typing…' while the draft changes; sending or emptying it ends that at once.
  const { typed, stopped } = useRoomPresence();
  const mention = useMentionPicker(roomId, input, text, setText);
  const { pick } = mention;
  const store = useRoomStore();
  const replyTo = useStore(store, (state) => state.replyTo);
  const cancelReply = () => {
    store.setState((state) => replyChosen(state, null));
    input.current?.focus();
  };
  // Choosing Reply on a message puts the cursor here, to write the answer.
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const submit = () => {
    const content = text.trim();
    if (!content) {
      window.alert(BLANK_MESSAGE_ALERT);
      return;
    }
    onSendText(content, replyTo);
    if (replyTo) store.setState((state) => replyChosen(state, null));
    setText('');
    stopped();
  };

  const sendImages = (files: File[]) => {
    onImages(files, replyTo);
    if (replyTo) store.setState((state) => replyChosen(state, null));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (mention.keyDown(event)) return;
    if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      cancelReply();
      return;
    }
    // Enter sends and Shift+Enter adds a line (the textarea's own). Enter while an input method is
    // composing picks a candidate; it must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    sendImages(files);
  };

  return (
    <>
      {/* In the flow, across the conversation's width: the fixed bar takes its place from it. */}
      <div ref={column} aria-hidden style={{ height: 0 }} />
      <Flex
        ref={bar}
        vertical
        gap={4}
        style={{
          position: 'fixed',
          bottom: 10,
          ...(box
            ? { left: box.left + 8, width: Math.max(box.width - 16, 0) }
            : { left: '50%', transform: 'translateX(-50%)', width: 'min(912px, calc(100% - 24px))' }),
          padding: 8,
          background: token.colorBgElevated,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
          zIndex: 10,
        }}
      >
        {pick && <MentionList id={mention.listId} pick={pick} onChoose={mention.choose} />}
        <TypingIndicator />
        {replyTo && <ReplyBanner username={replyTo.user.username} onCancel={cancelReply} />}
        <Flex gap="small">
          <Input.TextArea
            ref={input}
            placeholder="Message..."
            aria-label="Message"
            value={text}
            maxLength={MESSAGE_CONTENT_MAX}
            rows={1}
            style={{ resize: 'none' }}
            aria-autocomplete="list"
            aria-controls={pick ? mention.listId : undefined}
            aria-activedescendant={pick ? `${mention.listId}-${pick.active}` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              mention.typed(event.target.value, event.target.selectionStart ?? event.target.value.length);
              if (event.target.value.trim()) typed();
              else stopped();
            }}
            onKeyDown={onKeyDown}
            onBlur={mention.close}
            onPaste={onPaste}
            autoFocus
          />
          <EmojiButton field={input} value={text} onChange={setText} />
          <ImageButton onFiles={sendImages} />
          <Button type="primary" onClick={submit}>
            Send
          </Button>
        </Flex>
      </Flex>
    </>
  );
}
