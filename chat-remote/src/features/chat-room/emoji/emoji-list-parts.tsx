import { theme } from 'antd';
import {
  type EmojiPickerListCategoryHeaderProps,
  type EmojiPickerListEmojiProps,
  type EmojiPickerListRowProps,
  useActiveEmoji,
} from 'frimousse';
import { type RefObject, useEffect, useRef } from 'react';

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

/** Frames to spend bringing the active emoji's row into the drawn rows before giving up. */
const FRAMES_TO_DRAW = 60;

/** Which way the arrow keys last moved the active emoji: down the list (1) or up it (−1). */
function useArrowDirection() {
  const direction = useRef(1);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowRight') direction.current = 1;
      else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') direction.current = -1;
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
  return direction;
}

/**
 * Keeps the emoji the arrow keys made active in view (below the sticky category name). The list draws only
 * the rows near its view, and frimousse scrolls to the active row only when that row is drawn: arrows
 * pressed faster than frames (key repeat, a busy machine) moved it past the drawn rows, where nothing
 * brought it back. When it is not drawn, the view moves a row at a time the way the arrows went until it is.
 */
export function ActiveEmojiInView({ list }: { list: RefObject<HTMLDivElement | null> }) {
  const active = useActiveEmoji();
  const direction = useArrowDirection();
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    let tries = 0;
    const bringIntoView = () => {
      const element = list.current?.querySelector('[data-active]');
      if (element) {
        element.scrollIntoView({ block: 'nearest' });
        return;
      }
      if (++tries >= FRAMES_TO_DRAW) return;
      list.current?.parentElement?.scrollBy({ top: direction.current * CELL, behavior: 'instant' });
      frame = requestAnimationFrame(bringIntoView);
    };
    frame = requestAnimationFrame(bringIntoView);
    return () => cancelAnimationFrame(frame);
  }, [active, list, direction]);
  return null;
}
