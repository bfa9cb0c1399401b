import { useRooms } from '@chat/shared';
import { announceFirstScreenPainted } from '@chat/shared/first-screen';
import { type ReactNode, useEffect } from 'react';
import { useLiveRooms } from './live/use-live-rooms';
import { RoomListCard } from './room-list-card';
import { RoomRow } from './room-row';
import { RoomsInOrder } from './rooms-in-order';
import { RoomsQueryState } from './rooms-query-state';

export function RoomList({ extra }: { extra?: ReactNode }) {
  const rooms = useRooms();
  useLiveRooms();
  // The list is in place: the shell's server drawing of it, if any, may go.
  const settled = !rooms.isPending;
  useEffect(() => {
    if (settled) requestAnimationFrame(() => announceFirstScreenPainted('list'));
  }, [settled]);

  return (
    <RoomListCard extra={extra}>
      <RoomsQueryState rooms={rooms}>
        {(list) => (
          <RoomsInOrder rooms={list} row={(room, position) => <RoomRow room={room} position={position} />} />
        )}
      </RoomsQueryState>
    </RoomListCard>
  );
}
