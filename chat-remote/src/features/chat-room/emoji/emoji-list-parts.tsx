import { theme } from 'antd';
import {
  type EmojiPickerListCategoryHeaderProps,
  type EmojiPickerListEmojiProps,
  type EmojiPickerListRowProps,
  useActiveEmoji,
} from 'frimousse';
import { type RefObject, useEffect } from 'react';

/** An emoji's square, in pixels. */
export const CELL = 36;
/** Room kept above an emoji scrolled into view, for the sticky category name. */
const HEADER_ROOM = 32;

/**
 * Frimousse counts the grid's rows and columns from 0, which ARIA does not allow (axe: critical): they are
 * given from 1 here. Its own keyboard scrolling looks rows up by its 0-based count, so `ActiveEmojiInView`
 * does that part instead.
 */
const fromOne = (index: unknown) => (typeof index === 'number' ? index + 1 : undefined);

// Frimousse renders its list through these (it is unstyled); only the rows in view exist at any time.
function Emoji({ emoji, style, ...props }: EmojiPickerListEmojiProps) {
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      {...props}
      {...{ 'aria-colindex': fromOne(props['aria-colindex']) }}
      style={{
        ...style,
        width: CELL,
        height: CELL,
        fontSize: 22,
        lineHeight: 1,
        border: 0,
        borderRadius: token.borderRadiusSM,
        cursor: 'pointer',
        scrollMarginTop: HEADER_ROOM,
        background: emoji.isActive ? token.colorFillSecondary : 'transparent',
      }}
    >
      {emoji.emoji}
    </button>
  );
}

function CategoryHeader({ category, style, ...props }: EmojiPickerListCategoryHeaderProps) {
  const { token } = theme.useToken();
  return (
    <div
      {...props}
      style={{
        ...style,
        padding: '6px 8px 2px',
        fontSize: token.fontSizeSM,
        color: token.colorTextSecondary,
        background: token.colorBgElevated,
      }}
    >
      {category.label}
    </div>
  );
}

function Row({ style, ...props }: EmojiPickerListRowProps) {
  return (
    <div
      {...props}
      {...{ 'aria-rowindex': fromOne(props['aria-rowindex']) }}
      style={{ ...style, padding: '0 4px' }}
    />
  );
}

export const LIST_PARTS = { Emoji, CategoryHeader, Row };

/** Keeps the emoji the arrow keys made active in view (below the sticky category name). */
export function ActiveEmojiInView({ list }: { list: RefObject<HTMLDivElement | null> }) {
  const active = useActiveEmoji();
  useEffect(() => {
    if (!active) return;
    const frame = requestAnimationFrame(() =>
      list.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [active, list]);
  return null;
}
