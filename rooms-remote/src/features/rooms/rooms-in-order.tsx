import type { Room } from '@chat/shared/schemas';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The spec's numbered list of rooms, each drawn by `row`: the list's live rows, or the server's drawing of them. */
export function RoomsInOrder({
  rooms,
  row,
}: {
  rooms: Room[];
  row: (room: Room, position: number) => ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <ol aria-label="Rooms" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rooms.map((room, index) => (
        <li
          key={room.id}
          style={{
            padding: `${token.paddingSM}px 0`,
            borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
          }}
        >
          {row(room, index + 1)}
        </li>
      ))}
    </ol>
  );
}
