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
  /** The list's height: when it shrinks (the message bar grew), a reader at the bottom stays there. */
  height?: number;
}

/**
 * The reader's position in a chat feed: opens at the newest message, loads older pages near the top, and
 * tells whether the reader is away from the newest message (`away`: more than a screen above it, whatever
 * took them there) and which of the others' messages they last saw arrive at the bottom (`seenNewest`: those
 * after it arrived meanwhile). Following the bottom and keeping the view still on prepends is the
 * virtualizer's end anchoring.
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
    height,
  } = options;
  const [ready, setReady] = useState(false);
  const [away, setAway] = useState(false);
  const [seenNewest, setSeenNewest] = useState(newestMessageId);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    if (ready || count === 0) return;
    if (openAt) {
      atEnd.current = false;
      virtualizer.scrollToIndex(openAt.index, { align: openAt.align });
    } else virtualizer.scrollToEnd();
    setSeenNewest(newestMessageId);
    setReady(true);
  }, [ready, count, virtualizer, openAt, newestMessageId]);

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

  const newest = useRef(newestMessageId);
  newest.current = newestMessageId;
  const jumpToEnd = useCallback(() => {
    atEnd.current = true;
    setAway(false);
    setSeenNewest(newest.current);
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // The virtualizer follows appends by itself, but a message that arrives above this user's unsent
  // rows is not an append to it: follow it here. Up in history, it counts as arrived meanwhile. Before
  // paint, so that a message followed at the bottom never flashes the count.
  useLayoutEffect(() => {
    if (atEnd.current) setSeenNewest(newestMessageId);
  }, [newestMessageId]);
  const followed = useRef(newestMessageId);
  useEffect(() => {
    if (newestMessageId === followed.current) return;
    followed.current = newestMessageId;
    if (atEnd.current) virtualizer.scrollToEnd();
  }, [newestMessageId, virtualizer]);

  // No scroll event comes when the list itself is resized, so `atEnd` still tells where the reader was.
  useLayoutEffect(() => {
    if (ready && height !== undefined && atEnd.current) virtualizer.scrollToEnd();
  }, [ready, height, virtualizer]);

  // This user's own message: show it, wherever the reader was.
  useEffect(() => {
    if (followSignal !== 0) jumpToEnd();
  }, [followSignal, jumpToEnd]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const below = element.scrollHeight - element.scrollTop - element.clientHeight;
    atEnd.current = below <= END_THRESHOLD;
    setAway(below > element.clientHeight);
    if (atEnd.current) setSeenNewest(newest.current);
    maybeLoadOlder();
    maybeLoadNewer();
  };

  return { ready, away, seenNewest, onScroll, jumpToEnd };
}
