import { type Room, roomKeys, useServices } from '@chat/shared';
import { useCallback, useEffect, useRef } from 'react';
import { markRead } from '../api/mark-read';

/** After a read is sent, a stream of messages coming into view is marked at most this often. */
export const MARK_READ_DELAY_MS = 1_000;

/**
 * Moves the member's read position (kept by the server, so it holds across devices) to the newest message
 * seen on screen while the page was visible: a room left open in a background tab does not count as read.
 * Returns what the message list calls with the newest message it has on screen.
 *
 * The first message seen is marked at once (open, look, reload: the badges are gone); a stream of them after
 * that at most once per MARK_READ_DELAY_MS. A read still pending when the page is hidden, reloaded or closed,
 * or the room closes, is sent then. The room list's cached unread count for this room goes to 0 at once, then
 * the list is read again when next shown.
 */
export function useMarkRead(roomId: number): (newestOnScreen: number) => void {
  const { http, queryClient } = useServices();
  const onScreen = useRef(0);
  const seen = useRef(0);
  const noteRef = useRef<() => void>(() => {});

  useEffect(() => {
    onScreen.current = 0;
    seen.current = 0;
    let marked = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastSent = Number.NEGATIVE_INFINITY;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const newest = seen.current;
      if (newest <= marked) return;
      const before = marked;
      marked = newest;
      lastSent = performance.now();
      queryClient.setQueryData<Room[]>(roomKeys.all, (rooms) =>
        rooms?.map((room) => (room.id === roomId ? { ...room, unread_count: 0, mention_count: 0 } : room)),
      );
      markRead(http, roomId, newest).then(
        () => queryClient.invalidateQueries({ queryKey: roomKeys.all, exact: true }),
        // Tried again with the next message seen; the server only ever moves the position forward.
        () => {
          if (marked === newest) marked = before;
        },
      );
    };
    // What is on screen counts as seen only while the page is visible.
    const note = () => {
      if (document.visibilityState === 'hidden' || onScreen.current <= seen.current) return;
      seen.current = onScreen.current;
      const wait = lastSent + MARK_READ_DELAY_MS - performance.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    };
    noteRef.current = note;
    const onVisibility = () => (document.visibilityState === 'hidden' ? flush() : note());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    note();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      flush();
      noteRef.current = () => {};
    };
  }, [http, queryClient, roomId]);

  return useCallback((newestOnScreen: number) => {
    if (newestOnScreen <= onScreen.current) return;
    onScreen.current = newestOnScreen;
    noteRef.current();
  }, []);
}
