import { type Room, roomsQueryOptions, useServices } from '@chat/shared';
import { directMessagesQueryOptions } from '@chat/shared/direct-messages';
import { useQuery } from '@tanstack/react-query';
import { useLiveRooms } from '../live/use-live-rooms';

const joined = (rooms: readonly Room[]) => rooms.filter((room) => room.is_member);

/**
 * What 'Your rooms' lists, live: the rooms the user is in, read from the same cached `GET chatrooms` the room
 * list shows (one request for both), and their direct messages.
 */
export function useYourRooms() {
  const { http } = useServices();
  const rooms = useQuery({ ...roomsQueryOptions(http), select: joined });
  const direct = useQuery(directMessagesQueryOptions(http));
  useLiveRooms();
  return { rooms, direct };
}
