import { LOCAL_STORAGE_PREFIX } from '@chat/shared/constants';

/**
 * What one user typed in one room and has not sent, kept in this browser (localStorage is cleared at sign-out
 * with everything under the prefix), so switching rooms, reloading or closing the tab loses nothing.
 */
export const draftKey = (userId: number, roomId: number) =>
  `${LOCAL_STORAGE_PREFIX}draft.${userId}.${roomId}`;

export function readDraft(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    // Storage refused (private mode, quota): the draft lives as long as the view.
    return '';
  }
}

/** An empty draft is removed, not kept as ''. */
export function writeDraft(key: string, text: string): void {
  try {
    if (text === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, text);
  } catch {
    // As in readDraft.
  }
}
