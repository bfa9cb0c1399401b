import type { Room } from '@chat/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Spin, theme } from 'antd';
import type { ReactNode } from 'react';
import { NoRooms } from './no-rooms';

/**
 * A list of rooms as its query stands: a spinner while it loads, the error with 'Retry', 'No Rooms', or the
 * rooms drawn by `children`. The room list and 'All rooms' alike.
 */
export function RoomsQueryState({
  rooms,
  children,
}: {
  rooms: UseQueryResult<Room[], Error>;
  children: (rooms: Room[]) => ReactNode;
}) {
  const { token } = theme.useToken();
  if (rooms.isPending)
    return (
      <Flex justify="center" role="status" aria-label="Loading rooms" style={{ padding: token.paddingLG }}>
        <Spin />
      </Flex>
    );
  if (rooms.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={rooms.error.message}
        action={<Button onClick={() => rooms.refetch()}>Retry</Button>}
      />
    );
  if (rooms.data.length === 0) return <NoRooms />;
  return children(rooms.data);
}
