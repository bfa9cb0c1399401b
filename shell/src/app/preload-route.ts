import {
  type AppServices,
  joinedRoomId,
  openingPageQueryOptions,
  roomQueryOptions,
  roomsQueryOptions,
  routes,
  timings,
} from '@chat/shared';
import { directMessageId } from '@chat/shared/direct-messages';
import { roomsPanelShown } from '../features/home/rooms-panel-shown';
import { remoteModuleQuery } from '../federation/remote-module-query';

/** Warms the remote module and the first data of the screen at `to` (preload on intent). */
export function preloadRoute({ queryClient, http, echo }: AppServices, to: string): void {
  const url = new URL(to, window.location.origin);
  const prefetch = { staleTime: timings.preloadStaleTime };
  if (url.pathname.startsWith(routes.auth)) {
    void queryClient.prefetchQuery(remoteModuleQuery('auth/LoginPage', echo));
    return;
  }
  const roomId = joinedRoomId(url.search) ?? directMessageId(url.search);
  if (roomsPanelShown(roomId !== null))
    void queryClient.prefetchQuery(remoteModuleQuery('rooms/YourRooms', echo));
  if (roomId === null) {
    void queryClient.prefetchQuery(remoteModuleQuery('rooms/RoomsPage', echo));
    void queryClient.prefetchQuery({ ...roomsQueryOptions(http), ...prefetch });
  } else {
    void queryClient.prefetchQuery(remoteModuleQuery('chat/ChatRoom', echo));
    // The newest page only a member may read: asked for once the room says so, never for a 403.
    const room = roomQueryOptions(http, roomId);
    void queryClient.prefetchQuery({ ...room, ...prefetch }).then(() => {
      if (queryClient.getQueryData(room.queryKey)?.is_member) {
        void queryClient.prefetchQuery({ ...openingPageQueryOptions(http, roomId), ...prefetch });
      }
    });
  }
}
