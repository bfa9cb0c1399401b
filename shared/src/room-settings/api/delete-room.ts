import { useMutation } from '@tanstack/react-query';
import { roomKeys } from '../../api/rooms';
import type { ApiError } from '../../http/api-error';
import type { HttpClient } from '../../http/create-http-client';
import type { RoomSettingsDeps } from '../room-settings-deps';

/** DELETE chatrooms/{id}, owner or administrator: 204; the room, its messages and images are gone. */
export function deleteRoom(http: HttpClient, roomId: number): Promise<void> {
  return http.delete<void>(`chatrooms/${roomId}`);
}

/**
 * Deletes the room, drops its record and refreshes the lists; `onDeleted` is the caller's own step after (the
 * open room forgets its background copy and goes home).
 */
export function useDeleteRoom(
  { http, queryClient }: RoomSettingsDeps,
  roomId: number,
  onDeleted?: () => void,
) {
  return useMutation<void, ApiError, void>(
    {
      mutationFn: () => deleteRoom(http, roomId),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: roomKeys.detail(roomId) });
        void queryClient.invalidateQueries({ queryKey: roomKeys.all });
        onDeleted?.();
      },
    },
    queryClient,
  );
}
