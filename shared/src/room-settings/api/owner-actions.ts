import { useMutation } from '@tanstack/react-query';
import { roomKeys } from '../../api/rooms';
import type { ApiError } from '../../http/api-error';
import type { HttpClient } from '../../http/create-http-client';
import type { Room, RoomMember } from '../../schemas/room';
import type { RoomSettingsDeps } from '../room-settings-deps';
import { roomMembersKey } from './room-members';

/** DELETE chatrooms/{id}/members/{userId}, owner or administrator: 204. */
export function removeMember(http: HttpClient, roomId: number, userId: number): Promise<void> {
  return http.delete<void>(`chatrooms/${roomId}/members/${userId}`);
}

/** POST chatrooms/{id}/owner, owner or administrator: the room as the caller (no longer its owner) sees it. */
export function makeOwner(http: HttpClient, roomId: number, userId: number): Promise<Room> {
  return http.post<Room>(`chatrooms/${roomId}/owner`, { user_id: userId });
}

/** POST chatrooms/{id}/members, owner or administrator: the person invited, who is a member at once. */
export function inviteMember(http: HttpClient, roomId: number, username: string): Promise<RoomMember> {
  return http.post<RoomMember>(`chatrooms/${roomId}/members`, { username });
}

/** After any change of members: the list, the room's record (its count, its owner) and the room lists. */
function refreshRoom({ http, queryClient }: RoomSettingsDeps, roomId: number, room?: Room) {
  if (room) queryClient.setQueryData(roomKeys.detail(roomId), room);
  void queryClient.invalidateQueries({ queryKey: roomMembersKey(roomId) });
  void queryClient.invalidateQueries({ queryKey: roomKeys.all });
  // The opened room's record is read without a query of its own when it came from a join: read it here.
  if (!room) {
    void queryClient
      .fetchQuery({
        queryKey: roomKeys.detail(roomId),
        queryFn: () => http.get<Room>(`chatrooms/${roomId}`),
        staleTime: 0,
      })
      .catch(() => undefined);
  }
}

export function useRemoveMember(deps: RoomSettingsDeps, roomId: number) {
  return useMutation<void, ApiError, RoomMember>(
    {
      mutationFn: (member) => removeMember(deps.http, roomId, member.id),
      onSuccess: () => refreshRoom(deps, roomId),
    },
    deps.queryClient,
  );
}

export function useMakeOwner(deps: RoomSettingsDeps, roomId: number) {
  return useMutation<Room, ApiError, RoomMember>(
    {
      mutationFn: (member) => makeOwner(deps.http, roomId, member.id),
      onSuccess: (room) => refreshRoom(deps, roomId, room),
    },
    deps.queryClient,
  );
}

/** One call per person chosen, in turn; stops at the first refusal (a full room refuses the rest too). */
export function useInviteMembers(deps: RoomSettingsDeps, roomId: number) {
  return useMutation<RoomMember[], ApiError, readonly RoomMember[]>(
    {
      mutationFn: async (people) => {
        const invited: RoomMember[] = [];
        try {
          for (const person of people) invited.push(await inviteMember(deps.http, roomId, person.username));
        } finally {
          if (invited.length > 0) refreshRoom(deps, roomId);
        }
        return invited;
      },
      // The dialog says how it went, in the form and with a message of its own.
      meta: { silent: true },
    },
    deps.queryClient,
  );
}
