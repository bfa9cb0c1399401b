import { createStore, type StoreApi } from 'zustand/vanilla';
import { type ChatState, initialChatState } from './state/chat-state';

/** One per open room; it lives as long as the room view does. */
export type ChatStore = StoreApi<ChatState>;

export function createChatStore(): ChatStore {
  return createStore<ChatState>()(() => initialChatState);
}
