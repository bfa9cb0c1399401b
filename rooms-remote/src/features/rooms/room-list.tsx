import { useRooms } from '@chat/shared';
import { Card, theme } from 'antd';
import type { ReactNode } from 'react';
import { useLiveRooms } from './live/use-live-rooms';
import { RoomRow } from './room-row';
import { RoomsQueryState } from './rooms-query-state';

export function RoomList({ extra }: { extra?: ReactNode }) {
  const rooms = useRooms();
  useLiveRooms();
  const { token } = theme.useToken();

  return (
    <Card title="Room Lists" extra={extra}>
      <RoomsQueryState rooms={rooms}>
        {(list) => (
          <ol aria-label="Rooms" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((room, index) => (
              <li
                key={room.id}
                style={{
                  padding: `${token.paddingSM}px 0`,
                  borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
                }}
              >
                <RoomRow room={room} position={index + 1} />
              </li>
            ))}
          </ol>
        )}
      </RoomsQueryState>
    </Card>
  );
}
