import { roomKeys, routes, useServices, useSession } from '@chat/shared';
import { clearDraft } from '@chat/shared/drafts';
import { App } from 'antd';
import { useCallback } from 'react';
import { forgetRecentRoom } from '../model/recent-rooms';

/**
 * What happens when the open room stops being the user's (they were removed, or it was deleted): nothing of it
 * is kept (not even the draft), the lists are read again, the reason is said, and the user is back on the room list. `dropRecord`
 * also drops the room's cached record (a deleted room has none any more).
 */
export function useRoomGone(roomId: number): (reason: string, dropRecord?: boolean) => void {
  const { http, queryClient, navigation } = useServices();
  const { message } = App.useApp();
  const userId = useSession((state) => state.user?.id ?? null);
  return useCallback(
    (reason, dropRecord = false) => {
      forgetRecentRoom(http, roomId);
      if (userId !== null) clearDraft(userId, roomId);
      if (dropRecord) queryClient.removeQueries({ queryKey: roomKeys.detail(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.all, exact: true });
      void message.warning(reason);
      navigation.navigate(routes.home);
    },
    [http, queryClient, navigation, message, roomId, userId],
  );
}
