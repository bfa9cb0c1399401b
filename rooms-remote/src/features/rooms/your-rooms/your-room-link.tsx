import { type Room, roomKeys, useIntentPreload, useServices } from '@chat/shared';
import { SWITCHED_ROOM } from '@chat/shared/constants';
import type { MouseEvent } from 'react';
import { DraftMark } from '../draft-mark';
import { YourRoomEntry } from './your-room-entry';

export interface YourRoomLinkProps {
  room: Room;
  to: string;
  current: boolean;
}

/**
 * One entry of 'Your rooms': a real link (open in a new tab works), which a plain click turns into a switch
 * in place: no page load, no join (the user is a member), the room's own data put in the cache first so the
 * chat room draws it at once.
 */
export function YourRoomLink({ room, to, current }: YourRoomLinkProps) {
  const { navigation, queryClient } = useServices();
  const preload = useIntentPreload(to);
  const open = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    queryClient.setQueryData(roomKeys.detail(room.id), room);
    navigation.navigate(to, { state: SWITCHED_ROOM });
  };
  return (
    <YourRoomEntry
      room={room}
      to={to}
      current={current}
      draft={<DraftMark roomId={room.id} />}
      onClick={open}
      {...preload}
    />
  );
}
