import { useMutation } from '@tanstack/react-query';
import { roomKeys } from '../../api/rooms';
import type { ApiError } from '../../http/api-error';
import type { HttpClient } from '../../http/create-http-client';
import type { Room } from '../../schemas/room';
import type { RoomSettingsDeps } from '../room-settings-deps';

/** PUT chatrooms/{id}/archive, owner or administrator: the room, archived (read-only for everyone). */
export function archiveRoom(http: HttpClient, roomId: number): Promise<Room> {
  return http.put<Room>(`chatrooms/${roomId}/archive`);
}

/** DELETE chatrooms/{id}/archive, owner or administrator: the room, writable again. */
export function unarchiveRoom(http: HttpClient, roomId: number): Promise<Room> {
  return http.delete<Room>(`chatrooms/${roomId}/archive`);
}

/**
 * Archives (`true`) or unarchives (`false`) the room. The room's record follows the answer at once (the message
 * bar and the actions read it), and the lists read the room again for their 'Archived' tag.
 */
export function useArchiveRoom({ http, queryClient }: RoomSettingsDeps, roomId: number) {
  return useMutation<Room, ApiError, boolean>(
    {
      mutationFn: (archive) => (archive ? archiveRoom(http, roomId) : unarchiveRoom(http, roomId)),
      onSuccess: (room) => {
        queryClient.setQueryData<Room>(roomKeys.detail(roomId), (held) => ({ ...held, ...room }));
        void queryClient.invalidateQueries({ queryKey: roomKeys.all });
      },
    },
    queryClient,
  );
}
