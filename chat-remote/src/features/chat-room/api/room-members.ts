import { type RoomMember, useServices } from '@chat/shared';
import { getRoomMembers, roomMembersKey } from '@chat/shared/room-settings';
import { useQuery } from '@tanstack/react-query';

/**
 * The room's members, read once when the room opens and again after a minute's use. An API deployed before
 * the endpoint answers 404: then `@` offers whom the room shows (presence, authors), as the bar falls back to.
 * (The same query as the settings' member list, so a change there reaches `@` too.)
 */
export function useRoomMembers(roomId: number): readonly RoomMember[] {
  const { http } = useServices();
  const { data } = useQuery({
    queryKey: roomMembersKey(roomId),
    queryFn: () => getRoomMembers(http, roomId),
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
  return data ?? [];
}
