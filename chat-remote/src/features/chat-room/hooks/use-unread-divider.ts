import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { ChatStore } from '../model/chat-store';
import type { UnreadDivider } from '../model/state/chat-state';
import { dividerPlaced, firstUnreadAfter } from '../model/state/unread';

interface UnreadDividerOptions {
  /** Whether the first page is in. */
  loaded: boolean;
  /** The join's read position; undefined from an API without read positions (the room opens at the end). */
  lastReadId?: number | null;
  /** How many of the others' messages came after it. */
  unreadCount: number;
  ownId: number | null;
  /** Reads older pages back to a read position the opening page does not reach. */
  loadBackTo: (id: number) => Promise<boolean>;
}

/** Places the unread divider once the room's first page is in, reading back to the read position first. */
export function useUnreadDivider(
  store: ChatStore,
  { loaded, lastReadId, unreadCount, ownId, loadBackTo }: UnreadDividerOptions,
): UnreadDivider {
  const deciding = useRef(false);
  useEffect(() => {
    if (!loaded || deciding.current) return;
    deciding.current = true;
    if (lastReadId === undefined || unreadCount <= 0) {
      store.setState((state) => dividerPlaced(state, null));
      return;
    }
    const boundary = lastReadId ?? 0;
    void loadBackTo(boundary).then(() =>
      store.setState((state) => dividerPlaced(state, firstUnreadAfter(state, boundary, ownId))),
    );
  }, [loaded, lastReadId, unreadCount, loadBackTo, store, ownId]);
  return useStore(store, (state) => state.divider);
}
