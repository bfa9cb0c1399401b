import { type ApiError, type HttpClient, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import type { ChatStore } from '../model/chat-store';
import { messageDeleted } from '../model/state/log';

/** DELETE chatrooms/{id}/messages/{messageId}: the author's own message only (204). */
export function deleteMessage(http: HttpClient, roomId: number, messageId: number): Promise<void> {
  return http.delete<void>(`chatrooms/${roomId}/messages/${messageId}`);
}

const isGone = (error: unknown) =>
  Boolean(error && typeof error === 'object' && 'status' in error && error.status === 404);

/**
 * Deletes and drops the message from this view at once, whether or not the MessageDeleted event gets here.
 * A message already gone (deleted from another device) counts as deleted. The settle notification says
 * what happened, as for every mutation.
 */
export function useDeleteMessage(roomId: number, store: ChatStore | null) {
  const { http } = useServices();
  return useMutation<{ message: string }, ApiError, number>({
    mutationFn: async (messageId) => {
      await deleteMessage(http, roomId, messageId).catch((error: unknown) => {
        if (!isGone(error)) throw error;
      });
      return { message: 'Message deleted.' };
    },
    onSuccess: (_result, messageId) => store?.setState((state) => messageDeleted(state, messageId)),
  });
}
