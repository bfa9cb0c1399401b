import {
  type ApiError,
  type HttpClient,
  type Room,
  type RoomMember,
  roomKeys,
  useServices,
} from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import { roomMembersKey } from './room-members';

/** DELETE chatrooms/{id}/members/{userId}, owner only: 204. */
export function removeMember(http: HttpClient, roomId: number, userId: number): Promise<void> {
  return http.delete<void>(`chatrooms/${roomId}/members/${userId}`);
}

/** POST chatrooms/{id}/owner, owner only: the room as the caller (no longer its owner) sees it. */
export function makeOwner(http: HttpClient, roomId: number, userId: number): Promise<Room> {
  return http.post<Room>(`chatrooms/${roomId}/owner`, { user_id: userId });
}

/** POST chatrooms/{id}/members, owner only: the person invited, who is a member at once. */
export function inviteMember(http: HttpClient, roomId: number, username: string): Promise<RoomMember> {
  return http.post<RoomMember>(`chatrooms/${roomId}/members`, { username });
}

/** After any change of members: the list, the room's record (its count, its owner) and the room lists. */
function useRefreshRoom(roomId: number) {
  const { http, queryClient } = useServices();
  return (room?: Room) => {
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
  };
}

export function useRemoveMember(roomId: number) {
  const { http } = useServices();
  const refresh = useRefreshRoom(roomId);
  return useMutation<void, ApiError, RoomMember>({
    mutationFn: (member) => removeMember(http, roomId, member.id),
    onSuccess: () => refresh(),
  });
}

export function useMakeOwner(roomId: number) {
  const { http } = useServices();
  const refresh = useRefreshRoom(roomId);
  return useMutation<Room, ApiError, RoomMember>({
    mutationFn: (member) => makeOwner(http, roomId, member.id),
    onSuccess: (room) => refresh(room),
  });
}

/** One call per person chosen, in turn; stops at the first refusal (a full room refuses the rest too). */
export function useInviteMembers(roomId: number) {
  const { http } = useServices();
  const refresh = useRefreshRoom(roomId);
  return useMutation<RoomMember[], ApiError, readonly RoomMember[]>({
    mutationFn: async (people) => {
      const invited: RoomMember[] = [];
      try {
        for (const person of people) invited.push(await inviteMember(http, roomId, person.username));
      } finally {
        if (invited.length > 0) refresh();
      }
      return invited;
    },
    // The dialog says how it went, in the form and with a message of its own.
    meta: { silent: true },
  });
}
