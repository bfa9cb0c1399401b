import type { ReplyQuote as Quote } from '@chat/shared';
import { theme } from 'antd';
import { useStore } from 'zustand';
import { useJumpToMessage } from '../hooks/use-jump-to-message';
import { useRoomStore } from '../hooks/use-room-store';
import { usePlainText } from '../markdown/use-plain-text';

export const ORIGINAL_DELETED = 'Original message deleted';

/**
 * Above a reply: its original's author and the start of its text, as plain words ('Image' for an image alone). Activating it
 * brings the original into view. An original deleted before the read (`quote` null) or while the room is
 * open (its MessageDeleted) says so instead, and leads nowhere.
 */
export function ReplyQuote({ replyToId, quote }: { replyToId: number; quote: Quote | null }) {
  const { token } = theme.useToken();
  const jumpTo = useJumpToMessage();
  const deletedHere = useStore(useRoomStore(), (state) => state.deleted.has(replyToId));
  // The quote is one line of words: the original's formatting (code, lists, links) stays in the original.
  const words = usePlainText(quote?.content ?? '');
  const frame = {
    display: 'block',
    maxWidth: '100%',
    margin: '0 0 4px',
    padding: '2px 8px',
    borderInlineStart: `3px solid ${token.colorPrimary}`,
    borderRadius: token.borderRadiusSM,
    background: token.colorFillQuaternary,
    color: token.colorTextSecondary,
    fontSize: 13,
    textAlign: 'start',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
  } as const;
  if (!quote || deletedHere) {
    return (
      <div style={{ ...frame, fontStyle: 'italic', borderInlineStartColor: token.colorBorder }}>
        {ORIGINAL_DELETED}
      </div>
    );
  }
  const text = words || (quote.has_attachment ? 'Image' : '');
  return (
    <button
      type="button"
      onClick={() => jumpTo(quote.id)}
      aria-label={`Reply to ${quote.user.username}: ${text}. Show the original`}
      style={{ ...frame, border: 'none', borderInlineStart: frame.borderInlineStart, cursor: 'pointer' }}
    >
      <strong style={{ color: token.colorText }}>{quote.user.username}</strong> {text}
    </button>
  );
}
