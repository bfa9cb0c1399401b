import { type HttpClient, type RoomMember, useServices } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';

/** GET chatrooms/{id}/members: whom `@` can name, and the owner's member list. */
export function getRoomMembers(http: HttpClient, roomId: number): Promise<RoomMember[]> {
  return http.get<RoomMember[]>(`chatrooms/${roomId}/members`);
}

export const roomMembersKey = (roomId: number) => ['chatrooms', roomId, 'members'] as const;

/**
 * The room's members, read once when the room opens and again after a minute's use. An API deployed before
 * the endpoint answers 404: then `@` offers whom the room shows (presence, authors), as the bar falls back to.
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
