import { type Room, roomKeys } from '@chat/shared';
import { clearDraft, hasDraft } from '@chat/shared/drafts';
import type { QueryClient } from '@tanstack/react-query';

const listKey = JSON.stringify(roomKeys.all);

/**
 * Drops the draft of every listed room the user is no longer in, whenever the room list changes. The
 * RemovedFromRoom event clears it at once, but an event sent before the user's channel was subscribed is
 * missed: the list's catch-up read then shows the removal, and the draft must go with it. Returns the stop.
 */
export function dropDraftsOfLeftRooms(queryClient: QueryClient, userId: number): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || JSON.stringify(event.query.queryKey) !== listKey) return;
    for (const room of (event.query.state.data as Room[] | undefined) ?? [])
      if (!room.is_member && hasDraft(userId, room.id)) clearDraft(userId, room.id);
  });
}
