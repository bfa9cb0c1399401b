import { type EchoClient, useServices } from '@chat/shared';
// From the constants entry, which this remote bundles (see use-live-messages).
import { roomChannel } from '@chat/shared/constants';
import { useEcho } from '@chat/shared/use-echo';
import { useEffect, useState } from 'react';
import { memberOf, membersOf, type PresenceMember, withMember, withoutMember } from '../model/presence';

export type RoomPresenceChannel = ReturnType<EchoClient['join']>;

/** 'joining' until the server answers; 'unavailable' when it refuses (a backend without presence channels). */
export type PresenceStatus = 'joining' | 'present' | 'unavailable';

export interface Presence {
  status: PresenceStatus;
  /** Who has the room open now, this user included, by name. */
  members: PresenceMember[];
  /** The room's presence channel, to whisper on; null before the effect ran. */
  channel: RoomPresenceChannel | null;
}

/**
 * While the room is open, its presence channel (`presence-chatroom.{id}`, members only): who else has it
 * open, kept as they come and go. pusher-js joins it again after a reconnect, and `here` then starts the
 * list afresh. Left on close, by its full name: `echo.leave` would take the room's private channel too.
 */
export function usePresence(roomId: number): Presence {
  const client = useEcho(useServices().echo);
  const [presence, setPresence] = useState<Presence>({ status: 'joining', members: [], channel: null });
  useEffect(() => {
    if (!client) return;
    const name = roomChannel(roomId);
    // Echo cannot unbind these callbacks, and a channel left and joined again at once (StrictMode) is the
    // same pusher channel: this flag keeps a closed view's callbacks silent.
    let open = true;
    const update = (next: (current: Presence) => Presence) => {
      if (open) setPresence(next);
    };
    const channel = client.join(name);
    setPresence({ status: 'joining', members: [], channel });
    channel
      .here((infos: unknown) =>
        update((current) => ({ ...current, status: 'present', members: membersOf(infos) })),
      )
      .joining((info: unknown) => {
        const member = memberOf(info);
        if (member) update((current) => ({ ...current, members: withMember(current.members, member) }));
      })
      .leaving((info: unknown) => {
        const member = memberOf(info);
        if (member) update((current) => ({ ...current, members: withoutMember(current.members, member.id) }));
      })
      .error(() => update((current) => ({ ...current, status: 'unavailable', members: [] })));
    return () => {
      open = false;
      client.leaveChannel(`presence-${name}`);
    };
  }, [client, roomId]);
  return presence;
}
