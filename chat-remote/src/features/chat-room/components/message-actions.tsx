import type { Message } from '@chat/shared';
import { Button, theme } from 'antd';
import { useRoomPermissions } from '../hooks/use-room-permissions';
import { DeleteMessageButton } from './delete-message-button';

interface MessageActionsProps {
  message: Message;
  /** Whether this user wrote it: only then Edit (for text), and Delete unless they moderate the room. */
  own: boolean;
  /** Shown while the row is hovered, holds the focus, or was tapped; always reachable by Tab. */
  visible: boolean;
  onReply: () => void;
  onReact: () => void;
  onEdit: () => void;
}

/**
 * A message's actions, over the top right corner of its row (as Slack's hover bar): they take no room in the
 * row, so a narrow screen gets no empty line where they wait, and showing them moves nothing. The room's
 * owner (or an administrator) may delete anyone's message; in an archived room there are none.
 */
export function MessageActions({ message, own, visible, onReply, onReact, onEdit }: MessageActionsProps) {
  const { token } = theme.useToken();
  const { archived, moderator } = useRoomPermissions();
  // An archived room is read-only: every action here writes.
  if (archived) return null;
  // Quieter than the message itself, still readable (the theme keeps this colour above 4.5:1).
  const quiet = { color: token.colorTextDescription };
  return (
    <span
      style={{
        position: 'absolute',
        top: 4,
        insetInlineEnd: 8,
        zIndex: 1,
        display: 'flex',
        gap: 2,
        padding: 1,
        // The card's own colour, so the quiet text keeps the contrast it has on the card.
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
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
      {(own || moderator) && <DeleteMessageButton message={message} />}
    </span>
  );
}
