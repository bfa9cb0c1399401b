import { routes } from '@chat/shared/constants';
import type { RoomListFirstScreen as Screen } from '@chat/shared/first-screen';
import { Button, Flex } from 'antd';
import { CreateRoomButton } from '../create-room-button';
import { NoRooms } from '../no-rooms';
import { RoomListCard } from '../room-list-card';
import { RoomRowView } from '../room-row-view';
import { RoomsInOrder } from '../rooms-in-order';
import { YourRoomEntry } from '../your-rooms/your-room-entry';
import {
  EntryList,
  NewDirectMessageButton,
  NO_DIRECT_MESSAGES,
  NO_ROOMS,
  YourRoomsNav,
} from '../your-rooms/your-rooms-nav';

/**
 * The room list as the shell's server draws it, before any script: the page's card, 'Create Room' and every
 * room's row with its name and badges (RoomsPage's own pieces, less what they do). Markup only, shown until
 * the list itself has rendered (announceFirstScreenPainted), and never hydrated. Buttons look as they will;
 * the shell hands a click on one to the app's own button in its place.
 */
export function RoomListFirstScreen({ rooms }: Pick<Screen, 'rooms'>) {
  return (
    <Flex vertical gap="middle">
      <RoomListCard
        extra={
          <Flex gap="small" wrap>
            <CreateRoomButton />
          </Flex>
        }
      >
        {rooms.length === 0 ? (
          <NoRooms />
        ) : (
          <RoomsInOrder
            rooms={rooms}
            row={(room, position) => (
              <RoomRowView room={room} position={position} join={<Button type="primary">Join</Button>} />
            )}
          />
        )}
      </RoomListCard>
    </Flex>
  );
}

/** 'Your rooms' as the server draws it: the rooms joined and the direct messages, as plain links. */
export function YourRoomsFirstScreen({ rooms, directMessages }: Screen) {
  const joined = rooms.filter((room) => room.is_member);
  return (
    <YourRoomsNav
      rooms={
        <EntryList
          rooms={joined}
          empty={NO_ROOMS}
          entry={(room) => <YourRoomEntry room={room} to={routes.room(room.id)} current={false} />}
        />
      }
      direct={
        <EntryList
          rooms={directMessages ?? []}
          empty={NO_DIRECT_MESSAGES}
          entry={(room) => <YourRoomEntry room={room} to={routes.directMessage(room.id)} current={false} />}
        />
      }
    >
      <NewDirectMessageButton />
    </YourRoomsNav>
  );
}
