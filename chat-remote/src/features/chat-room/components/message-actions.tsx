import type { Message } from '@chat/shared';
import { Button, theme } from 'antd';
import { DeleteMessageButton } from './delete-message-button';

interface MessageActionsProps {
  message: Message;
  /** Whether this user wrote it: only then Edit (for text) and Delete. */
  own: boolean;
  /** Shown while the row is hovered, holds the focus, or was tapped; always reachable by Tab. */
  visible: boolean;
  onReply: () => void;
  onReact: () => void;
  onEdit: () => void;
}

/** A message's actions, beside its author and time. */
export function MessageActions({ message, own, visible, onReply, onReact, onEdit }: MessageActionsProps) {
  const { token } = theme.useToken();
  // Quieter than the message itself, still readable (the theme keeps this colour above 4.5:1).
  const quiet = { color: token.colorTextDescription };
  return (
    <span
      style={{
        marginInlineStart: 'auto',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        // Hidden by opacity, not visibility: a hidden button could not take the keyboard's focus.
        opacity: visible ? 1 : 0,
        transition: 'opacity 0.1s',
      }}
    >
      <Button size="small" type="text" onClick={onReply} style={quiet}>
        Reply
      </Button>
      <Button size="small" type="text" aria-label="Add reaction" onClick={onReact} style={quiet}>
        <span aria-hidden>☺+</span>
      </Button>
      {own && message.attachment_path === null && (
        <Button size="small" type="text" onClick={onEdit} style={quiet}>
          Edit
        </Button>
      )}
      {own && <DeleteMessageButton message={message} />}
    </span>
  );
}
