import { useRooms } from '@chat/shared';
import { Alert, Button, Card, Empty, Flex, Spin, theme } from 'antd';
import type { ReactNode } from 'react';
import { useLiveRooms } from './live/use-live-rooms';
import { RoomRow } from './room-row';

export function RoomList({ extra }: { extra?: ReactNode }) {
  const rooms = useRooms();
  useLiveRooms();
  const { token } = theme.useToken();

  let body: ReactNode;
  if (rooms.isPending) {
    body = (
      <Flex justify="center" role="status" aria-label="Loading rooms" style={{ padding: token.paddingLG }}>
        <Spin />
      </Flex>
    );
  } else if (rooms.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={rooms.error.message}
        action={<Button onClick={() => rooms.refetch()}>Retry</Button>}
      />
    );
  } else if (rooms.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Rooms" />;
  } else {
    body = (
      <ol aria-label="Rooms" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rooms.data.map((room, index) => (
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
    );
  }

  return (
    <Card title="Room Lists" extra={extra}>
      {body}
    </Card>
  );
}
