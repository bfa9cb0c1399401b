import { useSyncExternalStore } from 'react';
import { DRAFT_CHANGED_EVENT, hasDraft } from './draft-storage';

function subscribe(onChange: () => void) {
  window.addEventListener(DRAFT_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(DRAFT_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Whether a draft is kept for the room, following this tab's typing and the other tabs'. */
export function useHasDraft(userId: number | null, roomId: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => userId !== null && hasDraft(userId, roomId),
    () => false,
  );
}
