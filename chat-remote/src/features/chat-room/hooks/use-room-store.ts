import { createContext, useContext } from 'react';
import type { ChatStore } from '../model/chat-store';

const RoomStoreContext = createContext<ChatStore | null>(null);

/** The open room's store, for what a message row does to it (its author deleting it) without prop threading. */
export const RoomStoreProvider = RoomStoreContext.Provider;

export function useRoomStore(): ChatStore | null {
  return useContext(RoomStoreContext);
}
