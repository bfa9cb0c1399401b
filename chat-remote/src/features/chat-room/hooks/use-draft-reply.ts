import { readDraft, writeDraft } from '@chat/shared/drafts';
import { useEffect } from 'react';
import type { StoreApi } from 'zustand';
import type { ChatState } from '../model/state/chat-state';
import { replyChosen } from '../model/state/log';

/**
 * Keeps the message being answered with the room's draft: a reply started, then left by a switch, a reload or
 * a closed tab, comes back with its text. The message bar keeps the text; this keeps what it replies to.
 */
export function useDraftReply(store: StoreApi<ChatState>, userId: number | null, roomId: number): void {
  useEffect(() => {
    if (userId === null) return;
    const { replyTo } = readDraft(userId, roomId);
    if (replyTo && !store.getState().replyTo) store.setState((state) => replyChosen(state, replyTo));
    return store.subscribe((state, previous) => {
      if (state.replyTo !== previous.replyTo) writeDraft(userId, roomId, { replyTo: state.replyTo });
    });
  }, [store, userId, roomId]);
}
