import { type ApiError, type HttpClient, roomKeys, routes, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import { forgetRecentRoom } from '../model/recent-rooms';

/** DELETE chatrooms/{id}, owner or administrator: 204; the room, its messages and images are gone. */
export function deleteRoom(http: HttpClient, roomId: number): Promise<void> {
  return http.delete<void>(`chatrooms/${roomId}`);
}

/** Deletes the room, forgets the copy kept live in the background, refreshes the lists and goes home. */
export function useDeleteRoom(roomId: number) {
  const { http, queryClient, navigation } = useServices();
  return useMutation<void, ApiError, void>({
    mutationFn: () => deleteRoom(http, roomId),
    onSuccess: () => {
      forgetRecentRoom(http, roomId);
      queryClient.removeQueries({ queryKey: roomKeys.detail(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.all });
      navigation.navigate(routes.home);
    },
  });
}
