import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Within this many px of the bottom the reader counts as reading the latest, and the view follows. */
export const END_THRESHOLD = 80;
/** Within this many px of the top the next older page loads. */
const HISTORY_THRESHOLD = 400;

interface FeedScrollOptions {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  count: number;
  /** Changes when a message from someone else arrives; unsent rows stay below it. */
  newestMessageId: number | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  followSignal: number;
  /** Where the list opens instead of the newest message: a row's index and how to align it. */
  openAt?: { index: number; align: 'start' | 'center' | 'end' } | null;
  /** Newer pages that are not held yet (the around-window): read when the reader nears the bottom. */
  hasNewer?: boolean;
  loadingNewer?: boolean;
  onLoadNewer?: () => void;
}

/**
 * The reader's position in a chat feed: opens at the newest message, loads older pages near the top,
 * and tells when messages arrived below while the reader was back in history (`unseen`).
 * Following the bottom and keeping the view still on prepends is the virtualizer's end anchoring.
 */
export function useFeedScroll(options: FeedScrollOptions) {
  const {
    virtualizer,
    scrollRef,
    count,
    newestMessageId,
    hasOlder,
    loadingOlder,
    onLoadOlder,
    followSignal,
    openAt,
    hasNewer = false,
    loadingNewer = false,
    onLoadNewer,
  } = options;
  const [ready, setReady] = useState(false);
  const [unseen, setUnseen] = useState(false);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    if (ready || count === 0) return;
    if (openAt) {
      atEnd.current = false;
      virtualizer.scrollToIndex(openAt.index, { align: openAt.align });
    } else virtualizer.scrollToEnd();
    setReady(true);
  }, [ready, count, virtualizer, openAt]);

  const maybeLoadOlder = useCallback(() => {
    const element = scrollRef.current;
    if (ready && element && element.scrollTop < HISTORY_THRESHOLD && hasOlder && !loadingOlder) onLoadOlder();
  }, [ready, scrollRef, hasOlder, loadingOlder, onLoadOlder]);

  // Also when a page arrives and the top is still in view (a short first page, a fast fling).
  useEffect(maybeLoadOlder, [maybeLoadOlder, count]);

  const maybeLoadNewer = useCallback(() => {
    const element = scrollRef.current;
    if (!ready || !element || !hasNewer || loadingNewer || !onLoadNewer) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight < HISTORY_THRESHOLD) onLoadNewer();
  }, [ready, scrollRef, hasNewer, loadingNewer, onLoadNewer]);

  const jumpToEnd = useCallback(() => {
    atEnd.current = true;
    setUnseen(false);
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // The virtualizer follows appends by itself, but a message that arrives above this user's unsent
  // rows is not an append to it: follow it here, or offer the button if the reader is up in history.
  const seenNewest = useRef(newestMessageId);
  useEffect(() => {
    if (newestMessageId === seenNewest.current) return;
    seenNewest.current = newestMessageId;
    if (atEnd.current) virtualizer.scrollToEnd();
    else setUnseen(true);
  }, [newestMessageId, virtualizer]);

  // This user's own message: show it, wherever the reader was.
  useEffect(() => {
    if (followSignal !== 0) jumpToEnd();
  }, [followSignal, jumpToEnd]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= END_THRESHOLD;
    if (atEnd.current) setUnseen(false);
    maybeLoadOlder();
    maybeLoadNewer();
  };

  return { unseen, onScroll, jumpToEnd };
}
