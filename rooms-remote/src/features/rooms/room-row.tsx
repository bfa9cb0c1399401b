import { type Room, routes, useIntentPreload, useServices } from '@chat/shared';
import { Button } from 'antd';
import { DraftMark } from './draft-mark';
import { isFull, RoomRowView } from './room-row-view';

interface RoomRowProps {
  room: Room;
  position: number;
}

export function RoomRow({ room, position }: RoomRowProps) {
  const { navigation } = useServices();
  const to = routes.room(room.id);
  const preload = useIntentPreload(to);
  return (
    <RoomRowView
      room={room}
      position={position}
      draft={room.is_member && <DraftMark roomId={room.id} />}
      join={
        <Button
          type="primary"
          disabled={isFull(room) && !room.is_member}
          onClick={() => navigation.navigate(to)}
          {...preload}
        >
          Join
        </Button>
      }
    />
  );
}
