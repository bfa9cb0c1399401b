import type { HttpClient } from '../../http/create-http-client';
import type { RoomMember } from '../../schemas/room';

/** GET chatrooms/{id}/members: whom `@` can name, and the owner's (or an administrator's) member list. */
export function getRoomMembers(http: HttpClient, roomId: number): Promise<RoomMember[]> {
  return http.get<RoomMember[]>(`chatrooms/${roomId}/members`);
}

export const roomMembersKey = (roomId: number) => ['chatrooms', roomId, 'members'] as const;
