import { type Room, roomQueryOptions, roomsQueryOptions, useServices } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';

/**
 * The room's name as the query cache already holds it, so the title need not wait for the join: the room
 * itself (the shell preloads `GET chatrooms/{id}` with a room's route, beside the chat remote's code), else
 * its row in the room list (opened from the list). Read only: the queries are disabled, so nothing is asked
 * of the API, and a preload still in flight shows the name when it lands. Either may be absent (run alone,
 * or in a shell that preloads neither), and then the title waits for the join as it always did.
 */
export function useKnownRoomName(roomId: number): string | undefined {
  const { http } = useServices();
  const read = { enabled: false, throwOnError: false } as const;
  const room = useQuery({ ...roomQueryOptions(http, roomId), ...read, select: nameOf });
  const listed = useQuery({
    ...roomsQueryOptions(http),
    ...read,
    select: (rooms) => (Array.isArray(rooms) ? nameOf(rooms.find((each) => each?.id === roomId)) : undefined),
  });
  return room.data ?? listed.data;
}

/** Another app's cache may hold another release's shapes: a name is taken only when it is one. */
function nameOf(room: Room | undefined): string | undefined {
  return typeof room?.name === 'string' && room.name !== '' ? room.name : undefined;
}
