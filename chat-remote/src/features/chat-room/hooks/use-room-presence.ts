import { createContext, useContext } from 'react';
import type { PresenceMember } from '../model/presence';
import type { PresenceStatus } from './use-presence';

export interface RoomPresenceValue {
  status: PresenceStatus;
  members: PresenceMember[];
  ownId: number | null;
  /** The other members typing now, by name. */
  typing: string[];
  typed: () => void;
  stopped: () => void;
}

const nothing = () => {};

/** Outside a room (a message bar on its own) nobody is present and typing goes nowhere. */
export const RoomPresenceContext = createContext<RoomPresenceValue>({
  status: 'unavailable',
  members: [],
  ownId: null,
  typing: [],
  typed: nothing,
  stopped: nothing,
});

/** Who has the open room open, who is typing in it, and the means to say that this user is. */
export function useRoomPresence(): RoomPresenceValue {
  return useContext(RoomPresenceContext);
}
