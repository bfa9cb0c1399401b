import { type CreateRoomPayload, type HttpClient, type Room, roomKeys, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';

export function createRoom(http: HttpClient, payload: CreateRoomPayload): Promise<Room> {
  return http.post<Room>('chatrooms', payload);
}

/** Spec: after a room is created, the room list is refetched. */
export function useCreateRoom() {
  const { http, queryClient } = useServices();
  return useMutation({
    mutationFn: (payload: CreateRoomPayload) => createRoom(http, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.all }),
  });
}
