import { useMutation } from '@tanstack/react-query';
import { roomKeys } from '../../api/rooms';
import type { ApiError } from '../../http/api-error';
import type { HttpClient } from '../../http/create-http-client';
import type { Room, UpdateRoomPayload } from '../../schemas/room';
import type { RoomSettingsDeps } from '../room-settings-deps';

/**
 * PATCH chatrooms/{id}, owner or administrator. A shell deployed before message edits hands over a client
 * without `patch`: the API takes PUT on the same handler.
 */
export function updateRoom(http: HttpClient, roomId: number, payload: UpdateRoomPayload): Promise<Room> {
  const url = `chatrooms/${roomId}`;
  return http.patch ? http.patch<Room>(url, payload) : http.put<Room>(url, payload);
}

/** The room's record follows the answer at once (its heading), and every list reads the room again. */
export function useUpdateRoom({ http, queryClient }: RoomSettingsDeps, roomId: number) {
  return useMutation<Room, ApiError, UpdateRoomPayload>(
    {
      mutationFn: (payload) => updateRoom(http, roomId, payload),
      onSuccess: (room) => {
        queryClient.setQueryData(roomKeys.detail(roomId), room);
        void queryClient.invalidateQueries({ queryKey: roomKeys.all });
      },
    },
    queryClient,
  );
}
