import { createContext, useContext } from 'react';

/** What this user may do to the open room's messages, beyond their own. */
export interface RoomPermissions {
  /** The room is archived: read-only for everyone (no reply, reaction, edit or delete). */
  archived: boolean;
  /** The room's owner or a site administrator: may delete anyone's message. */
  moderator: boolean;
}

/** Outside a room (a row rendered alone, as in a test): writable, and no one else's messages to delete. */
const RoomPermissionsContext = createContext<RoomPermissions>({ archived: false, moderator: false });

export const RoomPermissionsProvider = RoomPermissionsContext.Provider;

export function useRoomPermissions(): RoomPermissions {
  return useContext(RoomPermissionsContext);
}
