import { type Room, roomKeys, useServices } from '@chat/shared';
import { useEffect } from 'react';
import { markRead } from '../api/mark-read';
import type { ChatStore } from '../model/chat-store';
import { lastId } from '../model/message-log';

/** A stream of messages is marked read at most this often; leaving the room marks at once. */
export const MARK_READ_DELAY_MS = 1_000;

/**
 * Moves the member's read position (kept by the server, so it holds across devices) to the newest message
 * the open room shows, debounced, while the page is visible: a room left open in a background tab does not
 * count as read. The room list's cached unread count for this room goes to 0 at once, then the list is
 * read again when next shown.
 */
export function useMarkRead(roomId: number, store: ChatStore): void {
  const { http, queryClient } = useServices();
  useEffect(() => {
    let marked = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden') return;
      const newest = lastId(store.getState().messages);
      if (newest === null || newest <= marked) return;
      const before = marked;
      marked = newest;
      queryClient.setQueryData<Room[]>(roomKeys.all, (rooms) =>
        rooms?.map((room) => (room.id === roomId ? { ...room, unread_count: 0 } : room)),
      );
      markRead(http, roomId, newest).then(
        () => queryClient.invalidateQueries({ queryKey: roomKeys.all, exact: true }),
        // Tried again with the next message shown; the server only ever moves the position forward.
        () => {
          if (marked === newest) marked = before;
        },
      );
    };
    const schedule = () => {
      timer ??= setTimeout(flush, MARK_READ_DELAY_MS);
    };
    schedule();
    const stopWatching = store.subscribe((state, previous) => {
      if (state.messages !== previous.messages) schedule();
    });
    document.addEventListener('visibilitychange', schedule);
    return () => {
      stopWatching();
      document.removeEventListener('visibilitychange', schedule);
      flush();
    };
  }, [http, queryClient, roomId, store]);
}
