import { joinedRoomId, type Room, routes } from '@chat/shared';
import { directMessageId } from '@chat/shared/direct-messages';
import { announceFirstScreenPainted } from '@chat/shared/first-screen';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Spin, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useYourRooms } from './use-your-rooms';
import { YourRoomLink } from './your-room-link';
import {
  EntryList,
  NewDirectMessageButton,
  NO_DIRECT_MESSAGES,
  NO_ROOMS,
  YourRoomsNav,
} from './your-rooms-nav';

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
  // Both lists in place: the shell's server drawing of the panel, if any, may go.
  const settled = !rooms.isPending && !direct.isPending;
  useEffect(() => {
    if (settled) requestAnimationFrame(() => announceFirstScreenPainted('panel'));
  }, [settled]);
  const [params] = useSearchParams();
  const openRoom = joinedRoomId(params);
  const openDirect = directMessageId(params);
  const [starting, setStarting] = useState(false);

  return (
    <YourRoomsNav
      rooms={
        <Entries
          query={rooms}
          empty={NO_ROOMS}
          entry={(room) => (
            <YourRoomLink room={room} to={routes.room(room.id)} current={room.id === openRoom} />
          )}
        />
      }
      direct={
        <Entries
          query={direct}
          empty={NO_DIRECT_MESSAGES}
          entry={(room) => (
            <YourRoomLink room={room} to={routes.directMessage(room.id)} current={room.id === openDirect} />
          )}
        />
      }
    >
      <NewDirectMessageButton onClick={() => setStarting(true)} />
      {starting && (
        <Suspense>
          <NewDirectMessageDialog open onClose={() => setStarting(false)} />
        </Suspense>
      )}
    </YourRoomsNav>
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
  return <EntryList rooms={query.data} empty={empty} entry={entry} />;
}
