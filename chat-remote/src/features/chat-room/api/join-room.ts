import {
  type ApiError,
  type HttpClient,
  type JoinRoomResponse,
  rememberJoinFailure,
  roomKeys,
  routes,
  useServices,
} from '@chat/shared';
import { useMutation } from '@tanstack/react-query';

/** POST chatrooms/{id}/join; the spec's client sends the room id as the body. */
export function joinRoom(http: HttpClient, roomId: number): Promise<JoinRoomResponse> {
  return http.post<JoinRoomResponse>(`chatrooms/${roomId}/join`, { roomId });
}

/**
 * Joins when the room opens. A failure reloads the page (spec section 4) onto the room list, which
 * shows the remembered reason.
 */
export function useJoinRoom(
  roomId: number,
  reload: (to: string) => void = (to) => window.location.assign(to),
) {
  const { http, queryClient, session } = useServices();
  return useMutation<JoinRoomResponse, ApiError>({
    mutationFn: () => joinRoom(http, roomId),
    onSuccess: ({ room }) => {
      queryClient.setQueryData(roomKeys.detail(roomId), room);
      void queryClient.invalidateQueries({ queryKey: roomKeys.all, exact: true });
    },
    onError: (error) => {
      // A 401 ended the session, and the session alone decides where the browser goes: a second
      // navigation here would race it (the room list, or the login screen, whichever lands last).
      if (session.getState().ended) return;
      rememberJoinFailure(error.message);
      reload(routes.home);
    },
  });
}
