import { createContext, useContext } from 'react';
import { type ChatStore, createChatStore } from '../model/chat-store';

/**
 * Outside a room (a component rendered alone, as in a test) an empty store of its own: nothing to reply to,
 * nothing deleted, so every reader can subscribe to a store without a null case of its own.
 */
const RoomStoreContext = createContext<ChatStore>(createChatStore());

/** The open room's store, for what a message row does to it (its author deleting it) without prop threading. */
export const RoomStoreProvider = RoomStoreContext.Provider;

export function useRoomStore(): ChatStore {
  return useContext(RoomStoreContext);
}
