import { type ApiError, type HttpClient, type Room, roomKeys, useServices } from '@chat/shared';
import type { UpdateRoomPayload } from '@chat/shared/schemas';
import { useMutation } from '@tanstack/react-query';

/**
 * PATCH chatrooms/{id}, owner only. A shell deployed before message edits hands over a client without
 * `patch`: the API takes PUT on the same handler.
 */
export function updateRoom(http: HttpClient, roomId: number, payload: UpdateRoomPayload): Promise<Room> {
  const url = `chatrooms/${roomId}`;
  return http.patch ? http.patch<Room>(url, payload) : http.put<Room>(url, payload);
}

/** The room's record follows the answer at once (its heading), and every list reads the room again. */
export function useUpdateRoom(roomId: number) {
  const { http, queryClient } = useServices();
  return useMutation<Room, ApiError, UpdateRoomPayload>({
    mutationFn: (payload) => updateRoom(http, roomId, payload),
    onSuccess: (room) => {
      queryClient.setQueryData(roomKeys.detail(roomId), room);
      void queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
  });
}
