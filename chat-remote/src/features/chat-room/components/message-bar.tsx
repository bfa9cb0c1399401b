import { PictureOutlined } from '@ant-design/icons';
import { ATTACHMENT_TYPES, MESSAGE_CONTENT_MAX, type Message } from '@chat/shared';
import { Button, Flex, Input, type InputRef, Tooltip, theme } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useRoomPresence } from '../hooks/use-room-presence';
import { useRoomStore } from '../hooks/use-room-store';
import { replyChosen } from '../model/chat-state';
import { createChatStore } from '../model/chat-store';
import { TypingIndicator } from './typing-indicator';

export const BLANK_MESSAGE_ALERT = 'Please enter a message!';

interface MessageBarProps {
  /** `replyTo`: the message the text answers, if the bar was replying. */
  onSendText: (content: string, replyTo: Message | null) => void;
  onImages: (files: File[], replyTo: Message | null) => void;
}

function pastedFiles(event: ClipboardEvent): File[] {
  return [...event.clipboardData.files];
}

/** Outside a room's store (a test of the bar alone) there is nothing to reply to. */
const noStore = createChatStore();

/** Inside the bar while a reply is being written: whom it answers, and the way out. */
function ReplyBanner({ username, onCancel }: { username: string; onCancel: () => void }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap="small" style={{ minWidth: 0 }}>
      <span
        style={{
          color: token.colorTextSecondary,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        Replying to <strong style={{ color: token.colorText }}>{username}</strong>
      </span>
      <Button size="small" type="text" onClick={onCancel} style={{ color: token.colorTextDescription }}>
        Cancel reply
      </Button>
    </Flex>
  );
}

/** The bar fixed 10px from the bottom: text, an image picker (PNG and JPEG only), and Send. */
export function MessageBar({ onSendText, onImages }: MessageBarProps) {
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const input = useRef<InputRef>(null);
  const { token } = theme.useToken();
  // The others see '… is typing…' while the draft changes; sending or emptying it ends that at once.
  const { typed, stopped } = useRoomPresence();
  const store = useRoomStore() ?? noStore;
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
    if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      cancelReply();
      return;
    }
    // Enter while an input method is composing picks a candidate; it must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const files = pastedFiles(event);
    if (files.length === 0) return;
    event.preventDefault();
    sendImages(files);
  };

  return (
    <Flex
      vertical
      gap={4}
      style={{
        position: 'fixed',
        bottom: 10,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(912px, calc(100% - 24px))',
        padding: 8,
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        zIndex: 10,
      }}
    >
      <TypingIndicator />
      {replyTo && <ReplyBanner username={replyTo.user.username} onCancel={cancelReply} />}
      <Flex gap="small">
        <Input
          ref={input}
          placeholder="Message..."
          aria-label="Message"
          value={text}
          maxLength={MESSAGE_CONTENT_MAX}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) typed();
            else stopped();
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          autoFocus
        />
        <input
          ref={picker}
          type="file"
          accept={ATTACHMENT_TYPES.join(',')}
          multiple
          hidden
          aria-label="Image file"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // Cleared so that picking the same file again still fires a change.
            event.target.value = '';
            if (files.length) sendImages(files);
          }}
        />
        <Tooltip title="Send an image (PNG or JPEG)">
          <Button
            icon={<PictureOutlined />}
            aria-label="Upload image"
            onClick={() => picker.current?.click()}
          />
        </Tooltip>
        <Button type="primary" onClick={submit}>
          Send
        </Button>
      </Flex>
    </Flex>
  );
}
