import { PictureOutlined } from '@ant-design/icons';
import { ATTACHMENT_TYPES, MESSAGE_CONTENT_MAX } from '@chat/shared';
import { Button, Flex, Input, Tooltip, theme } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useRoomPresence } from '../hooks/use-room-presence';
import { TypingIndicator } from './typing-indicator';

export const BLANK_MESSAGE_ALERT = 'Please enter a message!';

interface MessageBarProps {
  onSendText: (content: string) => void;
  onImages: (files: File[]) => void;
}

function pastedFiles(event: ClipboardEvent): File[] {
  return [...event.clipboardData.files];
}

/** The bar fixed 10px from the bottom: text, an image picker (PNG and JPEG only), and Send. */
export function MessageBar({ onSendText, onImages }: MessageBarProps) {
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const { token } = theme.useToken();
  // The others see '… is typing…' while the draft changes; sending or emptying it ends that at once.
  const { typed, stopped } = useRoomPresence();

  const submit = () => {
    const content = text.trim();
    if (!content) {
      window.alert(BLANK_MESSAGE_ALERT);
      return;
    }
    onSendText(content);
    setText('');
    stopped();
  };

  const onKeyDown = (event: KeyboardEvent) => {
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
    onImages(files);
  };

  return (
    <Flex
      gap="small"
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
      <Input
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
          if (files.length) onImages(files);
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
  );
}
