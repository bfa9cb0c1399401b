import { PlusOutlined } from '@ant-design/icons';
import { joinedRoomId, type Room, routes } from '@chat/shared';
import { directMessageId } from '@chat/shared/direct-messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Spin, Typography, theme } from 'antd';
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useYourRooms } from './use-your-rooms';
import { YourRoomLink } from './your-room-link';

// Its code (the people picker, downshift) downloads when someone starts a conversation, not with the panel.
const NewDirectMessageDialog = lazy(() =>
  import('./new-direct-message-dialog').then((module) => ({ default: module.NewDirectMessageDialog })),
);

/**
 * 'Your rooms': the rooms the user is in and their direct messages, one click from any of them, with the
 * room list's badges, live. The shell places it beside the open room (or above the room list on a phone).
 */
export function YourRooms() {
  const { rooms, direct } = useYourRooms();
  const [params] = useSearchParams();
  const openRoom = joinedRoomId(params);
  const openDirect = directMessageId(params);
  const [starting, setStarting] = useState(false);
  const { token } = theme.useToken();
  const heading = { margin: `${token.marginXS}px ${token.marginXS}px`, fontSize: token.fontSize } as const;

  return (
    <nav aria-label="Your rooms">
      <Typography.Title level={2} style={heading}>
        Rooms
      </Typography.Title>
      <Entries
        query={rooms}
        empty="Rooms you join are listed here."
        entry={(room) => (
          <YourRoomLink room={room} to={routes.room(room.id)} current={room.id === openRoom} />
        )}
      />
      <Typography.Title level={2} style={{ ...heading, marginTop: token.marginMD }}>
        Direct messages
      </Typography.Title>
      <Entries
        query={direct}
        empty="Nobody yet."
        entry={(room) => (
          <YourRoomLink room={room} to={routes.directMessage(room.id)} current={room.id === openDirect} />
        )}
      />
      <Button
        type="text"
        icon={<PlusOutlined />}
        onClick={() => setStarting(true)}
        style={{ marginTop: token.marginXS, color: token.colorTextSecondary }}
      >
        New direct message
      </Button>
      {starting && (
        <Suspense>
          <NewDirectMessageDialog open onClose={() => setStarting(false)} />
        </Suspense>
      )}
    </nav>
  );
}

interface EntriesProps {
  query: UseQueryResult<Room[]>;
  empty: string;
  entry: (room: Room) => ReactNode;
}

function Entries({ query, empty, entry }: EntriesProps) {
  const { token } = theme.useToken();
  if (query.isPending) {
    return (
      <Flex justify="center" style={{ padding: token.paddingXS }}>
        <Spin size="small" />
      </Flex>
    );
  }
  if (query.isError) {
    return (
      <Alert
        type="error"
        title={query.error.message}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ display: 'block', padding: `0 ${token.paddingXS}px` }}>
        {empty}
      </Typography.Text>
    );
  }
  // Links in the landmark, not list items: the spec's room list is the page's list of rooms, and a test that
  // finds a room's row as a list item must find that one.
  return (
    <Flex vertical>
      {query.data.map((room) => (
        <Fragment key={room.id}>{entry(room)}</Fragment>
      ))}
    </Flex>
  );
}
