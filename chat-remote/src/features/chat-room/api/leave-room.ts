import { type ApiError, type HttpClient, roomKeys, routes, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import { forgetRecentRoom } from '../model/recent-rooms';

/** POST chatrooms/{id}/leave. */
export function leaveRoom(http: HttpClient, roomId: number): Promise<{ message: string }> {
  return http.post<{ message: string }>(`chatrooms/${roomId}/leave`);
}

export function useLeaveRoom(roomId: number) {
  const { http, queryClient, navigation } = useServices();
  return useMutation<{ message: string }, ApiError>({
    mutationFn: () => leaveRoom(http, roomId),
    onSuccess: () => {
      forgetRecentRoom(http, roomId);
      void queryClient.invalidateQueries({ queryKey: roomKeys.all });
      navigation.navigate(routes.home);
    },
  });
}
