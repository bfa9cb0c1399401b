import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { isOutgoing } from '../model/outgoing';
import type { TimelineRow } from '../model/timeline';

/** How long a message brought into view (a reply's original) stays highlighted. */
const HIGHLIGHT_MS = 2500;

/** A message to bring into view and highlight; `serial` tells a second jump to the same message apart. */
export interface JumpRequest {
  messageId: number;
  serial: number;
}

/**
 * Brings the message a jump names into view, centred, highlights it for a moment and gives it the keyboard's
 * focus: the message being highlighted, null once the moment has passed.
 */
export function useJumpHighlight(
  jump: JumpRequest | null | undefined,
  rows: readonly TimelineRow[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollRef: RefObject<HTMLDivElement | null>,
): number | null {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useEffect(() => {
    if (!jump) return;
    const index = rowsRef.current.findIndex((row) => !isOutgoing(row) && row.id === jump.messageId);
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setHighlighted(jump.messageId);
    // Once the virtualizer has rendered it, the keyboard's focus goes there too.
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        scrollRef.current
          ?.querySelector<HTMLElement>(`[data-message-id="${jump.messageId}"]`)
          ?.focus({ preventScroll: true }),
      ),
    );
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [jump, virtualizer]);
  return highlighted;
}
