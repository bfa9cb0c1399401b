import { useSession } from '@chat/shared';
import { type ReactNode, useMemo } from 'react';
import { usePresence } from '../hooks/use-presence';
import { RoomPresenceContext, type RoomPresenceValue } from '../hooks/use-room-presence';
import { useTyping } from '../hooks/use-typing';

/**
 * Joins the room's presence channel for as long as the room is open, and gives the panel, the message bar
 * and the typing indicator what they need of it. Mounted once the join has succeeded: the channel is for
 * members only.
 */
export function RoomPresence({ roomId, children }: { roomId: number; children: ReactNode }) {
  const user = useSession((state) => state.user);
  const own = useMemo(() => (user ? { id: user.id, username: user.username } : null), [user]);
  const presence = usePresence(roomId);
  const typing = useTyping(presence.channel, presence.status === 'present' ? presence.members : null, own);
  const value = useMemo<RoomPresenceValue>(
    () => ({
      status: presence.status,
      members: presence.members,
      ownId: own?.id ?? null,
      typing: typing.names,
      typed: typing.typed,
      stopped: typing.stopped,
    }),
    [presence.status, presence.members, own, typing.names, typing.typed, typing.stopped],
  );
  return <RoomPresenceContext.Provider value={value}>{children}</RoomPresenceContext.Provider>;
}
