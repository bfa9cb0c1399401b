import { type ApiError, type HttpClient, routes, useServices } from '@chat/shared';
import { directMessageKeys } from '@chat/shared/direct-messages';
import { useMutation } from '@tanstack/react-query';
import { forgetRecentRoom } from '../model/recent-rooms';

/** POST direct-messages/{id}/close: hidden from this member's 'Your rooms' until its next message. */
export function closeDirectMessage(http: HttpClient, roomId: number): Promise<void> {
  return http.post<void>(`direct-messages/${roomId}/close`);
}

export function useCloseDirectMessage(roomId: number) {
  const { http, queryClient, navigation } = useServices();
  return useMutation<void, ApiError>({
    mutationFn: () => closeDirectMessage(http, roomId),
    onSuccess: () => {
      forgetRecentRoom(http, roomId);
      void queryClient.invalidateQueries({ queryKey: directMessageKeys.all, exact: true });
      navigation.navigate(routes.home);
    },
  });
}
